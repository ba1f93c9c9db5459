export { AUDIT_URLS, auditUrl } from './urls';
export { AUDIT_PAGE_SIZE, useAuditEntries } from './get-audit';
export { downloadAuditCsv } from './export-audit';
export { useAuditPeople } from './get-people';
export { mergePeople, type AuditPickerPerson } from './people';
export * from './filters';
export { auditTargetHref, type AuditLinkAudience } from './target-href';
