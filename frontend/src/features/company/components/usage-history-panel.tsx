import type { Page, Redemption } from '@avpass/contracts';
import { formatDiscount } from '@avpass/domain';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Paging } from '@/components/data-display/pager';
import {
  CancelRedemptionButton,
  useCancelRedemptionDialog,
  type CancelTarget,
} from '@/components/vouchers/cancel-redemption-dialog';
import { RedeemedBy, RedemptionStatusBadge, redemptionWhere } from '@/components/vouchers/redemption-status';
import { shortId } from '@/lib/code-display';
import { dateTimeText } from '../lib/display';
import { DividedList, PagedListCard } from './list-frame';
import { ListStates } from './list-states';

function RedemptionCard({
  redemption,
  onCancel,
}: {
  redemption: Redemption;
  onCancel: (redemption: CancelTarget) => void;
}) {
  return (
    <Box
      component="li"
      data-testid="redemption-row"
      data-redemption-id={redemption.id}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.75 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{redemption.facility}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {redemption.service} · {formatDiscount(redemption.discountType, redemption.discountValue)}
          </Typography>
        </Box>
        <RedemptionStatusBadge redemption={redemption} />
      </Box>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        At {redemptionWhere(redemption)} · <RedeemedBy redemption={redemption} />
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {dateTimeText(redemption.redeemedAt)} · IP {redemption.ipAddress ?? 'unknown'} · Code{' '}
        <span style={{ fontFamily: 'monospace' }}>{shortId(redemption.qrCodeId)}</span>
      </Typography>
      {redemption.cancellable && (
        <Box>
          <CancelRedemptionButton redemption={redemption} onCancel={onCancel} />
        </Box>
      )}
    </Box>
  );
}

/**
 * The Usage History tab: every redemption of this company's codes, newest first, paged; where and by
 * whom, Cancelled with its reason, and Cancel while the undo window is open (issue 25).
 */
export function UsageHistoryPanel({
  query,
  search,
  paging,
}: {
  query: { data: Page<Redemption> | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  search: string;
  paging: Paging;
}) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const items = query.data?.items ?? [];
  const cancelDialog = useCancelRedemptionDialog();
  return (
    <ListStates
      query={query}
      loadingMessage="Loading usage history..."
      errorTitle="Could not load the usage history"
      empty={
        search
          ? {
              testId: 'usage-empty',
              icon: <SearchOffRoundedIcon />,
              title: 'No redemptions match your search',
              description: `Nothing matches "${search}".`,
            }
          : {
              testId: 'usage-empty',
              icon: <HistoryRoundedIcon />,
              title: 'No redemptions yet',
              description: 'Each time a member redeems one of your vouchers, it is listed here.',
            }
      }
    >
      <PagedListCard count={query.data?.total ?? 0} paging={paging} edgeToEdgeOnPhone>
        {wide ? (
          <TableContainer>
            <Table aria-label="Usage history">
              <TableHead>
                <TableRow>
                  <TableCell>Partner / clinic</TableCell>
                  <TableCell>Service</TableCell>
                  <TableCell>Discount</TableCell>
                  <TableCell>QR code</TableCell>
                  <TableCell>Redeemed at</TableCell>
                  <TableCell>Redeemed by</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Date</TableCell>
                  <TableCell>IP address</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((r) => (
                  <TableRow key={r.id} hover data-testid="redemption-row" data-redemption-id={r.id}>
                    <TableCell sx={{ fontWeight: 700 }}>{r.facility}</TableCell>
                    <TableCell>{r.service}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDiscount(r.discountType, r.discountValue)}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }} title={r.qrCodeId}>
                      {shortId(r.qrCodeId)}
                    </TableCell>
                    <TableCell>{redemptionWhere(r)}</TableCell>
                    <TableCell>
                      <RedeemedBy redemption={r} />
                    </TableCell>
                    <TableCell>
                      <RedemptionStatusBadge redemption={r} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTimeText(r.redeemedAt)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{r.ipAddress ?? '—'}</TableCell>
                    <TableCell align="right">
                      {r.cancellable && (
                        <CancelRedemptionButton redemption={r} onCancel={cancelDialog.openFor} />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <DividedList
            label="Usage history"
            items={items}
            itemKey={(r) => r.id}
            renderItem={(r) => <RedemptionCard redemption={r} onCancel={cancelDialog.openFor} />}
          />
        )}
      </PagedListCard>
      {cancelDialog.dialog}
    </ListStates>
  );
}
