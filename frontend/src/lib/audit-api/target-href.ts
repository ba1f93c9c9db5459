import type { AuditEntry } from '@avpass/contracts';
import { paths } from '@/config/paths';

/** The administrator's screens, or a company's own (its Activity tab). */
export type AuditLinkAudience = 'admin' | 'company';

/** Where an entry's target can be seen: a code's page, the partners, credits or inventory screen. */
export function auditTargetHref(
  entry: Pick<AuditEntry, 'targetType' | 'targetId' | 'action'>,
  audience: AuditLinkAudience,
): string | null {
  switch (entry.targetType) {
    case 'voucher':
      // A deleted code has no page left.
      return entry.targetId && entry.action !== 'vouchers.voucher.deleted'
        ? `/voucher/${encodeURIComponent(entry.targetId)}`
        : null;
    case 'partner':
      return audience === 'admin' && entry.action !== 'partners.partner.deleted' ? paths.partners.path : null;
    case 'credit':
    case 'credit-transaction':
      return audience === 'admin' ? paths.adminCredits.path : paths.partnerCredits.path;
    case 'merch-item':
    case 'stock-line':
    case 'allocation':
      return audience === 'admin' ? paths.adminInventory.path : paths.partnerInventory.path;
    default:
      return null;
  }
}
