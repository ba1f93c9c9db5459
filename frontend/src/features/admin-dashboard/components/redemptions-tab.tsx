import { REDEMPTION_STATUSES } from '@avpass/contracts/words';
import { formatMonthDayTimeIn } from '@avpass/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { TableToolbar } from '@/components/data-display/table-filters';
import {
  CancelRedemptionButton,
  useCancelRedemptionDialog,
} from '@/components/vouchers/cancel-redemption-dialog';
import { RedeemedBy, RedemptionStatusBadge, redemptionWhere } from '@/components/vouchers/redemption-status';
import { paths } from '@/config/paths';
import { useTableState } from '@/lib/table-state';
import { viewerTimeZone } from '@/lib/time-zone';
import { useAdminRedemptions } from '@/lib/vouchers-api';
import { shortId } from '@/lib/code-display';
import { shortDevice } from '../lib/short-device';
import { MobileCard } from '@/components/data-display/mobile-card';
import { useWords } from '@/i18n/i18n';

/**
 * Recent Redemptions: newest first (or oldest, by the Time header), searched and filtered by status
 * and partner on the server, the view in the URL (issue 27), polled every 15 s (spec section 9);
 * where (the partner) and by whom (staff at the till, or the member), Cancelled with its reason, and
 * Cancel while the server allows it.
 */
export function RedemptionsTab() {
  const table = useTableState({
    sorts: ['redeemedAt'] as const,
    defaultSort: { key: 'redeemedAt', order: 'desc' },
    statuses: REDEMPTION_STATUSES,
    pageSize: 25,
  });
  const paging = table.paging;
  const { t, language } = useWords();
  const when = (at: string) => formatMonthDayTimeIn(language, at, zone);
  const device = (text: string | null) => shortDevice(text, t('dashboard.redemptions.unknownDevice'));
  const redemptions = useAdminRedemptions(table.query);
  const zone = viewerTimeZone();
  const cancelDialog = useCancelRedemptionDialog();
  const codeLink = (qrCodeId: string) => (
    <Link component={RouterLink} to={paths.voucher.getHref(qrCodeId)} sx={{ fontFamily: 'monospace' }}>
      {shortId(qrCodeId)}
    </Link>
  );

  return (
    <Box>
      <TableToolbar
        table={table}
        label={t('dashboard.redemptions.toolbar')}
        search={{
          label: t('dashboard.redemptions.search'),
          placeholder: t('dashboard.redemptions.searchHint'),
          maxLength: 100,
        }}
        statusLabels={{
          completed: t('dashboard.redemptions.status.completed'),
          cancelled: t('dashboard.redemptions.status.cancelled'),
        }}
        partner={{ testId: 'redemptions-partner-filter' }}
      />
      <ResponsivePagedList
        query={redemptions}
        paging={paging}
        label={t('dashboard.redemptions.list')}
        minWidth={980}
        sort={{ ...table.sort, onSort: () => table.toggleSort('redeemedAt') }}
        columns={[
          { label: t('dashboard.redemptions.time'), sortKey: 'redeemedAt' },
          t('dashboard.redemptions.code'),
          t('dashboard.redemptions.facility'),
          t('dashboard.redemptions.where'),
          t('dashboard.redemptions.by'),
          t('dashboard.redemptions.status'),
          t('dashboard.redemptions.device'),
          { label: t('dashboard.redemptions.actions'), align: 'right', sticky: true },
        ]}
        emptyText={table.filtered ? t('dashboard.redemptions.noMatch') : t('dashboard.redemptions.empty')}
        itemKey={(row) => row.id}
        renderCard={(row) => (
          <MobileCard
            testId="redemption-row"
            dataAttributes={{ 'data-qr-code-id': row.qrCodeId, 'data-redemption-id': row.id }}
            header={
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>{row.facility}</Typography>
                {codeLink(row.qrCodeId)}
              </Box>
            }
            fields={[
              [t('dashboard.redemptions.time'), when(row.redeemedAt)],
              [t('dashboard.redemptions.where'), redemptionWhere(row)],
              [t('dashboard.redemptions.by'), <RedeemedBy key="by" redemption={row} />],
              [t('dashboard.redemptions.status'), <RedemptionStatusBadge key="status" redemption={row} />],
              [t('dashboard.redemptions.device'), device(row.deviceInfo ?? row.userAgent)],
            ]}
            actions={
              row.cancellable ? (
                <CancelRedemptionButton redemption={row} onCancel={cancelDialog.openFor} />
              ) : undefined
            }
          />
        )}
        renderRow={(row) => (
          <TableRow
            hover
            data-testid="redemption-row"
            data-qr-code-id={row.qrCodeId}
            data-redemption-id={row.id}
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(row.redeemedAt)}</TableCell>
            <TableCell>{codeLink(row.qrCodeId)}</TableCell>
            <TableCell>{row.facility}</TableCell>
            <TableCell>{redemptionWhere(row)}</TableCell>
            <TableCell>
              <RedeemedBy redemption={row} />
            </TableCell>
            <TableCell>
              <RedemptionStatusBadge redemption={row} />
            </TableCell>
            <TableCell title={row.deviceInfo ?? row.userAgent ?? undefined}>
              {device(row.deviceInfo ?? row.userAgent)}
            </TableCell>
            <TableCell align="right" sx={stickyEndCellSx}>
              {row.cancellable && <CancelRedemptionButton redemption={row} onCancel={cancelDialog.openFor} />}
            </TableCell>
          </TableRow>
        )}
      />
      {cancelDialog.dialog}
    </Box>
  );
}
