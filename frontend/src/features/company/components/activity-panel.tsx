import { AuditEntryList } from '@/components/audit/audit-entry-list';
import { useAuditEntries } from '@/lib/audit-api';

/**
 * Activity (issue 26): the audit entries about this company, newest first — its staff's actions and
 * the changes to its codes, credits and allocations. The server scopes GET /api/audit to the company.
 */
export function ActivityPanel({ companyName }: { companyName: string }) {
  const entries = useAuditEntries({});
  return (
    <AuditEntryList
      query={entries}
      label="Company activity"
      emptyText="No activity recorded yet."
      companyName={(id) => (id ? companyName : '—')}
      audience="company"
    />
  );
}
