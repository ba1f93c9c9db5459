// preview/: what other folders of the statements service may use (avpass/folder-boundaries).

export {
  OWN_STATEMENTS_ONLY,
  PARTNER_REQUIRED,
  PreviewService,
  scopedPartner,
  statementTotals,
} from './preview.service';
