import { AuditEntryList } from '@/components/audit/audit-entry-list';
import { useAuditEntries } from '@/lib/audit-api';
import { useT } from '@/i18n/i18n';

/**
 * Activity (issue 26): the audit entries about this company, newest first — its staff's actions and
 * the changes to its codes, credits and allocations. The server scopes GET /api/audit to the company.
 */
export function ActivityPanel({ companyName }: { companyName: string }) {
  const entries = useAuditEntries({});
  const t = useT();
  return (
    <AuditEntryList
      query={entries}
      label={t('dashboard.company.activity')}
      emptyText={t('dashboard.company.activityEmpty')}
      companyName={(id) => (id ? companyName : '—')}
      audience="company"
    />
  );
}
