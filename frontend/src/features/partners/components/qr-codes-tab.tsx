import type { QrCode } from '@avpass/contracts';
import { discountTextIn } from '@avpass/contracts/i18n/voucher-words';
import { formatRemainingUses } from '@avpass/domain';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ResponsivePagedList } from '@/components/data-display/responsive-paged-list';
import { usePaging } from '@/components/data-display/pager';
import { StatusChip } from '@/components/vouchers/status-chip';
import { useWords } from '@/i18n/i18n';
import { useVendorQrCodes } from '../api/get-vendor-qr-codes';

const title = (code: QrCode) => code.customTitle || code.clinicName;

/** The codes assigned to the partner: service, discount, remaining uses (∞ when unlimited), status. */
export function QrCodesTab({ vendorId }: { vendorId: string }) {
  const words = useWords();
  const { t } = words;
  const paging = usePaging(10);
  const codes = useVendorQrCodes(vendorId, paging.limit, paging.offset);

  return (
    <ResponsivePagedList
      query={codes}
      paging={paging}
      label={t('partners.codes.label')}
      minWidth={560}
      columns={[
        t('partners.codes.service'),
        t('partners.codes.discount'),
        t('partners.codes.remaining'),
        t('partners.statusLabel'),
      ]}
      emptyText={t('partners.codes.none')}
      itemKey={(code) => code.id}
      renderRow={(code) => (
        <TableRow hover>
          <TableCell>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {code.service}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {title(code)}
            </Typography>
          </TableCell>
          <TableCell>{discountTextIn(words, code.discountType, code.discountValue)}</TableCell>
          <TableCell>{formatRemainingUses(code.usageCount, code.usageLimit)}</TableCell>
          <TableCell>
            <StatusChip status={code.status} />
          </TableCell>
        </TableRow>
      )}
      renderCard={(code) => (
        <Card variant="outlined">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{code.service}</Typography>
              <StatusChip status={code.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {title(code)}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {discountTextIn(words, code.discountType, code.discountValue)} ·{' '}
              {t('partners.codes.remainingUses', {
                uses: formatRemainingUses(code.usageCount, code.usageLimit),
              })}
            </Typography>
          </CardContent>
        </Card>
      )}
    />
  );
}
