import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AuditEntryList } from '@/components/audit/audit-entry-list';
import { HistoryLink } from '@/components/audit/history-link';
import { useT } from '@/i18n/i18n';
import { useAuditEntries } from '@/lib/audit-api';

/**
 * The member's history from the audit trail: GET /api/audit filters by target (`targetType=member`,
 * `targetId`), so this is every entry the members service wrote about them (created, changed, merged
 * into, erased). Entries never carry personal data (decision 310): a change says which fields moved.
 */
export function MemberHistory({ memberId }: { memberId: string }) {
  const t = useT();
  const query = useAuditEntries({ targetType: 'member', targetId: memberId });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }} data-testid="member-history">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <Typography variant="h6" component="h2">
          {t('members.history.title')}
        </Typography>
        <HistoryLink targetType="member" targetId={memberId} label={t('members.history.open')} />
      </Stack>
      <AuditEntryList
        query={query}
        label={t('members.history.label')}
        emptyText={t('members.history.empty')}
      />
    </Paper>
  );
}
