import type { TrainerCode } from '@avpass/contracts';
import { TRAINER_SORT_DEFAULT_ORDER, TRAINER_SORTS } from '@avpass/contracts/words';
import { formatDate, TRAINER_ROLE_LABELS, voucherInitials } from '@avpass/domain';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { TableToolbar } from '@/components/data-display/table-filters';
import { DownloadButtons } from '@/components/downloads/download-buttons';
import { paths } from '@/config/paths';
import { useTableState } from '@/lib/table-state';
import { viewerTimeZone } from '@/lib/time-zone';
import { useTrainerCodes } from '@/lib/trainers-api';
import { DeleteCodeDialog } from '@/components/vouchers/codes-table';
import { MobileCard } from '@/components/data-display/mobile-card';

export const TRAINER_EMPTY_TEXT = 'No trainer/athlete QR codes created yet.';

/** The chip's words (spec section 2: Expired, or Active). */
const TRAINER_STATUS_LABELS = { active: 'Active', expired: 'Expired' } as const;

/** The sort field's choices (a phone has no headers to press). */
const TRAINER_SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'Newest first' },
  { key: 'createdAt', order: 'asc', label: 'Oldest first' },
  { key: 'name', order: 'asc', label: 'Name (A–Z)' },
  { key: 'name', order: 'desc', label: 'Name (Z–A)' },
  { key: 'usageCount', order: 'desc', label: 'Most redeemed' },
  { key: 'usageCount', order: 'asc', label: 'Least redeemed' },
  { key: 'expiresAt', order: 'asc', label: 'Expires soonest' },
  { key: 'expiresAt', order: 'desc', label: 'Expires latest' },
] as const;

/**
 * Trainer/Athlete QR: the trainer codes with preview, download and delete (spec section 2), searched,
 * sorted and filtered on the server, the view kept in the URL (issue 27).
 */
export function TrainerTab() {
  const table = useTableState({
    sorts: TRAINER_SORTS,
    defaultSort: { key: 'createdAt', order: 'desc' },
    firstOrder: TRAINER_SORT_DEFAULT_ORDER,
    statuses: ['active', 'expired'] as const,
    pageSize: 25,
  });
  const paging = table.paging;
  const codes = useTrainerCodes('super_admin', table.query);
  const emptyText = table.search
    ? `No trainer/athlete QR codes match "${table.search}".`
    : table.filtered
      ? 'No trainer/athlete QR codes match these filters.'
      : TRAINER_EMPTY_TEXT;
  const [deleting, setDeleting] = useState<TrainerCode | null>(null);
  const zone = viewerTimeZone();
  const date = (value: string | null) => (value ? formatDate(value, zone) : 'Never');

  return (
    <Box data-testid="trainer-tab">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="text.secondary">
          Personal codes for trainers, athletes and coaches. Each shows its photo and role on the voucher.
        </Typography>
        <Button
          component={RouterLink}
          to={paths.trainerQr.path}
          variant="contained"
          startIcon={<AddRoundedIcon />}
          sx={{ flexShrink: 0 }}
        >
          Create Trainer/Athlete QR
        </Button>
      </Stack>
      <TableToolbar
        table={table}
        label="Search, filter and sort the trainer and athlete QR codes"
        search={{
          label: 'Search trainer QR codes',
          placeholder: 'Partner, title, service or ID',
          width: 300,
          testId: 'trainer-search',
        }}
        statusLabels={TRAINER_STATUS_LABELS}
        partner={{ testId: 'partner-filter', width: 260 }}
        sortChoices={TRAINER_SORT_CHOICES}
      />
      <ResponsivePagedList
        query={codes}
        paging={paging}
        label="Trainer and athlete QR codes"
        minWidth={900}
        sort={{ ...table.sort, onSort: (key) => table.toggleSort(key as (typeof TRAINER_SORTS)[number]) }}
        columns={[
          'Photo',
          { label: 'Name', sortKey: 'name' },
          'Role',
          { label: 'Created', sortKey: 'createdAt' },
          { label: 'Expires', sortKey: 'expiresAt' },
          { label: 'Redemptions', sortKey: 'usageCount' },
          'Status',
          { label: 'Actions', align: 'right', sticky: true },
        ]}
        emptyText={emptyText}
        itemKey={(code) => code.id}
        renderRow={(code) => (
          <TableRow hover data-testid="trainer-row" data-id={code.id}>
            <TableCell>
              <TrainerAvatar code={code} />
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{code.trainerName}</TableCell>
            <TableCell>{roleLabel(code)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(code.createdAt)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(code.expirationDate)}</TableCell>
            <TableCell>{code.usageCount}</TableCell>
            <TableCell>
              <TrainerStatus code={code} />
            </TableCell>
            <TableCell align="right" sx={stickyEndCellSx}>
              <Actions code={code} onDelete={setDeleting} />
            </TableCell>
          </TableRow>
        )}
        renderCard={(code) => (
          <MobileCard
            testId="trainer-row"
            dataAttributes={{ 'data-id': code.id }}
            header={
              <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                <TrainerAvatar code={code} />
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {code.trainerName}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {roleLabel(code)}
                  </Typography>
                </Box>
                <TrainerStatus code={code} />
              </Box>
            }
            fields={[
              ['Created', date(code.createdAt)],
              ['Expires', date(code.expirationDate)],
              ['Redemptions', code.usageCount],
              ['Partner', code.clinicName],
            ]}
            actions={<Actions code={code} onDelete={setDeleting} />}
          />
        )}
      />
      <DeleteCodeDialog role="admin" code={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

const roleLabel = (code: TrainerCode) =>
  code.trainerRole ? TRAINER_ROLE_LABELS[code.trainerRole] : 'Trainer';

function TrainerAvatar({ code }: { code: TrainerCode }) {
  return (
    <Avatar src={code.trainerImage ?? undefined} alt={code.trainerName ?? ''} sx={{ width: 40, height: 40 }}>
      {voucherInitials(code.trainerName)}
    </Avatar>
  );
}

/** Trainer codes show Expired or Active only (spec section 2). */
function TrainerStatus({ code }: { code: TrainerCode }) {
  const expired = code.status === 'expired';
  return (
    <Chip
      size="small"
      color={expired ? 'warning' : 'success'}
      label={expired ? 'Expired' : 'Active'}
      data-testid="trainer-status"
    />
  );
}

function Actions({ code, onDelete }: { code: TrainerCode; onDelete: (code: TrainerCode) => void }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <Tooltip title="Preview voucher">
        <IconButton
          size="small"
          component={RouterLink}
          to={paths.voucher.getHref(code.id)}
          target="_blank"
          aria-label={`Preview voucher of ${code.trainerName ?? 'trainer'}`}
        >
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <DownloadButtons id={code.id} kind="qr" formats={['png']} />
      <Tooltip title="Delete">
        <IconButton
          size="small"
          color="error"
          onClick={() => onDelete(code)}
          aria-label={`Delete QR code of ${code.trainerName ?? 'trainer'}`}
        >
          <DeleteOutlineRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
