import type { TrainerCode } from '@avpass/contracts';
import { TRAINER_SORT_DEFAULT_ORDER, TRAINER_SORTS } from '@avpass/contracts/words';
import { formatDateIn, voucherInitials } from '@avpass/domain';
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
import { useT, useWords } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';

/** The sort field's choices (a phone has no headers to press). */
const TRAINER_SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'dashboard.sort.newest' },
  { key: 'createdAt', order: 'asc', label: 'dashboard.sort.oldest' },
  { key: 'name', order: 'asc', label: 'dashboard.sort.nameAsc' },
  { key: 'name', order: 'desc', label: 'dashboard.sort.nameDesc' },
  { key: 'usageCount', order: 'desc', label: 'dashboard.sort.mostRedeemed' },
  { key: 'usageCount', order: 'asc', label: 'dashboard.sort.leastRedeemed' },
  { key: 'expiresAt', order: 'asc', label: 'dashboard.sort.expiresSoonest' },
  { key: 'expiresAt', order: 'desc', label: 'dashboard.sort.expiresLatest' },
] as const satisfies ReadonlyArray<{ key: string; order: string; label: MessageId }>;

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
  const { t, language } = useWords();
  const emptyText = table.search
    ? t('dashboard.trainer.noMatchSearch', { search: table.search })
    : table.filtered
      ? t('dashboard.trainer.noMatch')
      : t('dashboard.trainer.empty');
  const [deleting, setDeleting] = useState<TrainerCode | null>(null);
  const zone = viewerTimeZone();
  const date = (value: string | null) =>
    value ? formatDateIn(language, value, zone) : t('dashboard.trainer.never');

  return (
    <Box data-testid="trainer-tab">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="text.secondary">{t('dashboard.trainer.intro')}</Typography>
        <Button
          component={RouterLink}
          to={paths.trainerQr.path}
          variant="contained"
          startIcon={<AddRoundedIcon />}
          sx={{ flexShrink: 0 }}
        >
          {t('dashboard.trainer.create')}
        </Button>
      </Stack>
      <TableToolbar
        table={table}
        label={t('dashboard.trainer.toolbar')}
        search={{
          label: t('dashboard.trainer.search'),
          placeholder: t('dashboard.trainer.searchHint'),
          width: 300,
          testId: 'trainer-search',
        }}
        statusLabels={{ active: t('dashboard.trainer.active'), expired: t('dashboard.trainer.expired') }}
        partner={{ testId: 'partner-filter', width: 260 }}
        sortChoices={TRAINER_SORT_CHOICES.map((choice) => ({ ...choice, label: t(choice.label) }))}
      />
      <ResponsivePagedList
        query={codes}
        paging={paging}
        label={t('dashboard.trainer.list')}
        minWidth={900}
        sort={{ ...table.sort, onSort: (key) => table.toggleSort(key as (typeof TRAINER_SORTS)[number]) }}
        columns={[
          t('dashboard.trainer.photo'),
          { label: t('dashboard.trainer.name'), sortKey: 'name' },
          t('dashboard.trainer.role'),
          { label: t('dashboard.trainer.created'), sortKey: 'createdAt' },
          { label: t('dashboard.trainer.expires'), sortKey: 'expiresAt' },
          { label: t('dashboard.trainer.redemptions'), sortKey: 'usageCount' },
          t('dashboard.trainer.status'),
          { label: t('dashboard.trainer.actions'), align: 'right', sticky: true },
        ]}
        emptyText={emptyText}
        itemKey={(code) => code.id}
        renderRow={(code) => (
          <TableRow hover data-testid="trainer-row" data-id={code.id}>
            <TableCell>
              <TrainerAvatar code={code} />
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{code.trainerName}</TableCell>
            <TableCell>{roleLabel(code, t)}</TableCell>
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
                    {roleLabel(code, t)}
                  </Typography>
                </Box>
                <TrainerStatus code={code} />
              </Box>
            }
            fields={[
              [t('dashboard.trainer.created'), date(code.createdAt)],
              [t('dashboard.trainer.expires'), date(code.expirationDate)],
              [t('dashboard.trainer.redemptions'), code.usageCount],
              [t('dashboard.trainer.partner'), code.clinicName],
            ]}
            actions={<Actions code={code} onDelete={setDeleting} />}
          />
        )}
      />
      <DeleteCodeDialog role="admin" code={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

const roleLabel = (code: TrainerCode, t: Translate<MessageId>) =>
  code.trainerRole ? t(`voucher.trainerRole.${code.trainerRole}`) : t('dashboard.trainer.roleNone');

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
  const t = useT();
  return (
    <Chip
      size="small"
      color={expired ? 'warning' : 'success'}
      label={expired ? t('dashboard.trainer.expired') : t('dashboard.trainer.active')}
      data-testid="trainer-status"
    />
  );
}

function Actions({ code, onDelete }: { code: TrainerCode; onDelete: (code: TrainerCode) => void }) {
  const t = useT();
  const name = code.trainerName ?? t('dashboard.trainer.someone');
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <Tooltip title={t('dashboard.trainer.preview')}>
        <IconButton
          size="small"
          component={RouterLink}
          to={paths.voucher.getHref(code.id)}
          target="_blank"
          aria-label={t('dashboard.trainer.previewOf', { name })}
        >
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <DownloadButtons id={code.id} kind="qr" formats={['png']} />
      <Tooltip title={t('dashboard.trainer.delete')}>
        <IconButton
          size="small"
          color="error"
          onClick={() => onDelete(code)}
          aria-label={t('dashboard.trainer.deleteOf', { name })}
        >
          <DeleteOutlineRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
