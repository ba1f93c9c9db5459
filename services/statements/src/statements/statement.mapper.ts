import type { Statement, StatementLine } from '@avpass/contracts';
import type { PartnerName } from '../partners';
import type { LineRow, StatementRow } from './statements.repository';

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export function toStatement(row: StatementRow, partner: PartnerName): Statement {
  const clubOwesCents = Number(row.club_owes_cents);
  const partnerOwesCents = Number(row.partner_owes_cents);
  return {
    id: row.id,
    partnerId: row.partner_id,
    partnerName: partner.name,
    partnerLegalName: partner.legalName,
    period: row.period,
    revision: row.revision,
    status: row.status,
    clubOwesCents,
    partnerOwesCents,
    netCents: clubOwesCents - partnerOwesCents,
    lineCount: row.line_count,
    issuedAt: iso(row.issued_at)!,
    approvedAt: iso(row.approved_at),
    disputedAt: iso(row.disputed_at),
    disputeReason: row.dispute_reason,
    disputedLineIds: row.disputed_line_ids,
    resolution: row.resolution,
    supersedesId: row.supersedes_id,
    paidAt: row.paid_at,
    paidReference: row.paid_reference,
  };
}

export function toLine(row: LineRow): StatementLine {
  return {
    id: row.id,
    section: row.section as StatementLine['section'],
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    label: row.label,
    quantity: row.quantity,
    reversals: row.reversals,
    salesCents: Number(row.sales_cents),
    discountCents: Number(row.discount_cents),
    partnerFundedCents: Number(row.partner_funded_cents),
    clubOwesCents: Number(row.club_owes_cents),
    partnerOwesCents: Number(row.partner_owes_cents),
    withoutSaleAmount: row.without_sale_amount,
  };
}
