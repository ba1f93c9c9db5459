import type { Page, Redemption } from '@avpass/contracts';
import { discountTextIn } from '@avpass/contracts/i18n/voucher-words';
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
import { useWords } from '@/i18n/i18n';
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
  const words = useWords();
  const { t, language } = words;
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
            {redemption.service} · {discountTextIn(words, redemption.discountType, redemption.discountValue)}
          </Typography>
        </Box>
        <RedemptionStatusBadge redemption={redemption} />
      </Box>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {t('dashboard.usage.at', { where: redemptionWhere(redemption) })} ·{' '}
        <RedeemedBy redemption={redemption} />
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {dateTimeText(redemption.redeemedAt, language)} ·{' '}
        {t('dashboard.usage.ip', { ip: redemption.ipAddress ?? t('dashboard.usage.unknownIp') })} ·{' '}
        {t('dashboard.usage.code')}{' '}
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
  const words = useWords();
  const { t, language } = words;
  return (
    <ListStates
      query={query}
      loadingMessage={t('dashboard.usage.loading')}
      errorTitle={t('dashboard.usage.failed')}
      empty={
        search
          ? {
              testId: 'usage-empty',
              icon: <SearchOffRoundedIcon />,
              title: t('dashboard.usage.noMatch'),
              description: t('dashboard.usage.noMatchText', { search }),
            }
          : {
              testId: 'usage-empty',
              icon: <HistoryRoundedIcon />,
              title: t('dashboard.usage.empty'),
              description: t('dashboard.usage.emptyText'),
            }
      }
    >
      <PagedListCard count={query.data?.total ?? 0} paging={paging} edgeToEdgeOnPhone>
        {wide ? (
          <TableContainer>
            <Table aria-label={t('dashboard.usage.list')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('dashboard.usage.partner')}</TableCell>
                  <TableCell>{t('dashboard.usage.service')}</TableCell>
                  <TableCell>{t('dashboard.usage.discount')}</TableCell>
                  <TableCell>{t('dashboard.usage.qrCode')}</TableCell>
                  <TableCell>{t('dashboard.usage.where')}</TableCell>
                  <TableCell>{t('dashboard.usage.by')}</TableCell>
                  <TableCell>{t('dashboard.usage.status')}</TableCell>
                  <TableCell>{t('dashboard.usage.date')}</TableCell>
                  <TableCell>{t('dashboard.usage.ipAddress')}</TableCell>
                  <TableCell align="right">{t('dashboard.usage.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((r) => (
                  <TableRow key={r.id} hover data-testid="redemption-row" data-redemption-id={r.id}>
                    <TableCell sx={{ fontWeight: 700 }}>{r.facility}</TableCell>
                    <TableCell>{r.service}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {discountTextIn(words, r.discountType, r.discountValue)}
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
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {dateTimeText(r.redeemedAt, language)}
                    </TableCell>
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
            label={t('dashboard.usage.list')}
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
