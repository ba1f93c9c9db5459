import type { AuditQuery } from '@avpass/contracts';

/** The audit trail's URLs (issue 26). Query keys start with the URL. */
export const AUDIT_URLS = {
  list: '/api/audit',
  exportCsv: '/api/audit/export',
  people: '/api/audit/people',
} as const;

/** `url?action=&actorId=&…`, leaving out empty values (the same query for the list and the export). */
export function auditUrl(url: string, query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}
