import type { AthleteCredit } from '@avpass/contracts';
import { formatDate } from '@avpass/domain';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { TableToolbar } from '@/components/data-display/table-filters';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { HistoryLink } from '@/components/audit/history-link';
import { useDeleteCredit } from '../api/delete-credit';
import { useAdminCredits } from '../api/get-admin-credits';
import { CreditStatusChip, Money, ROLE_LABELS, RowCard } from './credit-bits';
import { NewCreditDialog } from './new-credit-dialog';
import { RecordTransactionDialog } from './record-transaction-dialog';
import { CREDIT_SORT_CHOICES, CREDIT_STATUS_LABELS, useCreditTable } from './credit-table';
import { SearchToolbar } from './search-field';

const UTC = 'UTC';

function Athlete({ credit }: { credit: AthleteCredit }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar src={credit.athleteImage ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
        {credit.athleteName.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }} noWrap>
          {credit.athleteName}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {ROLE_LABELS[credit.athleteRole]}
          {credit.partnerName ? ` · ${credit.partnerName}` : ''}
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * Credit Allocations: every active allocation with its balance, searched, sorted and filtered by status
 * and partner on the server, the view in the URL (issue 27); New Credit Allocation; record; delete.
 */
export function AllocationsTab() {
  const { table, query, sort } = useCreditTable();
  const paging = table.paging;
  const term = table.search;
  const credits = useAdminCredits(query);
  const [creating, setCreating] = useState(false);
  const [recording, setRecording] = useState<AthleteCredit | null>(null);
  const [deleting, setDeleting] = useState<AthleteCredit | null>(null);
  const remove = useDeleteCredit();
  const { toast } = useToast();

  const deleteCredit = (credit: AthleteCredit) => {
    remove.mutate(credit.id, {
      onSuccess: (answer) => {
        setDeleting(null);
        toast({
          title: 'Credit deleted successfully',
          description:
            answer.outcome === 'deactivated'
              ? 'It has transactions, so it was deactivated and its ledger kept.'
              : undefined,
        });
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessageOf(error, 'Failed to delete credit'),
          kind: 'destructive',
        }),
    });
  };

  const actions = (credit: AthleteCredit) => (
    <>
      <Button
        size="small"
        variant="outlined"
        disabled={credit.status !== 'active' || credit.currentBalance === 0}
        onClick={() => setRecording(credit)}
      >
        Record
      </Button>
      <IconButton
        size="small"
        aria-label={`Delete credit of ${credit.athleteName}`}
        onClick={() => setDeleting(credit)}
        disabled={remove.isPending}
      >
        <DeleteOutlineRoundedIcon fontSize="small" />
      </IconButton>
      <HistoryLink
        icon
        targetType="credit"
        targetId={credit.id}
        label={`History of the credit of ${credit.athleteName}`}
      />
    </>
  );

  return (
    <Box>
      <SearchToolbar
        label="Search credits"
        placeholder="Athlete name or role"
        list={{ search: table.searchText, setSearch: table.setSearchText }}
      >
        <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
          New Credit Allocation
        </Button>
      </SearchToolbar>
      <TableToolbar
        table={table}
        label="Filter and sort the credit allocations"
        statusLabels={CREDIT_STATUS_LABELS}
        partner={{ testId: 'credits-partner-filter' }}
        sortChoices={CREDIT_SORT_CHOICES}
      />
      <ResponsivePagedList
        query={credits}
        paging={paging}
        label="Credit allocations"
        minWidth={900}
        sort={sort}
        columns={[
          { label: 'Athlete', sortKey: 'athleteName' },
          'Total',
          'Monthly',
          'Balance',
          'Used',
          { label: 'Period', sortKey: 'endDate' },
          'Status',
          { label: 'Actions', align: 'right', sticky: true },
        ]}
        emptyText={
          table.filtered
            ? term
              ? `No credits match "${term}".`
              : 'No credits match these filters.'
            : 'No credit allocations yet. Create the first one.'
        }
        itemKey={(credit) => credit.id}
        renderRow={(credit) => (
          <TableRow hover data-testid="credit-row" data-credit-id={credit.id}>
            <TableCell>
              <Athlete credit={credit} />
            </TableCell>
            <TableCell>
              <Money cents={credit.totalAmount} />
            </TableCell>
            <TableCell>
              <Money cents={credit.monthlyAmount} />
            </TableCell>
            <TableCell data-testid="credit-balance">
              <Money cents={credit.currentBalance} strong />
            </TableCell>
            <TableCell>
              <Money cents={credit.usedAmount} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(credit.startDate, UTC)} – {formatDate(credit.endDate, UTC)}
            </TableCell>
            <TableCell>
              <CreditStatusChip status={credit.status} />
            </TableCell>
            <TableCell align="right" sx={stickyEndCellSx}>
              {actions(credit)}
            </TableCell>
          </TableRow>
        )}
        renderCard={(credit) => (
          <RowCard
            testId="credit-row"
            dataAttributes={{ 'data-credit-id': credit.id }}
            header={
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <Athlete credit={credit} />
                <CreditStatusChip status={credit.status} />
              </Stack>
            }
            fields={[
              ['Balance', <Money key="b" cents={credit.currentBalance} strong />],
              ['Used', <Money key="u" cents={credit.usedAmount} />],
              ['Total', <Money key="t" cents={credit.totalAmount} />],
              ['Monthly', <Money key="m" cents={credit.monthlyAmount} />],
              ['Ends', formatDate(credit.endDate, UTC)],
            ]}
            actions={actions(credit)}
          />
        )}
      />
      <NewCreditDialog open={creating} onClose={() => setCreating(false)} />
      <RecordTransactionDialog credit={recording} onClose={() => setRecording(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the credit of ${deleting?.athleteName ?? ''}?`}
        description="A credit with transactions is deactivated and its ledger kept."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => deleting && deleteCredit(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
