import type { TillCheckResponse, TillHolder } from '@avpass/contracts';
import { discountTextIn, voucherTextIn } from '@avpass/contracts/i18n/voucher-words';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import VerifiedUserRoundedIcon from '@mui/icons-material/VerifiedUserRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useWords } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import type { Words } from '@avpass/contracts/i18n/voucher-words';
import { viewerTimeZone } from '@/lib/time-zone';
import type { OfflineVerdict } from '../offline/offline-check';
import { offlineRefusalTitle } from '../offline/offline-refusal-card';
import { offlineReasonIn, offlineUsesTextIn } from '../offline/offline-words';
import { holderText, memberUsesText, reasonText, refusalTitle, usesLeftText } from '../lib/till-text';

/** One of the member's vouchers as the pass card lists it. */
export interface PassVoucherRow {
  id: string;
  title: string;
  /** "20% off · 2 of 3 left" (and the holder's uses of a voucher limited per member). */
  details: string;
  redeemable: boolean;
  /** Not redeemable: the refusal's headline and its reason, as the till card says them. */
  refusal?: { title: string; reason: string };
}

/** The online answer's vouchers (each as the till check answers it). */
export function onlineRows(
  vouchers: readonly TillCheckResponse[],
  words: Words<MessageId>,
): PassVoucherRow[] {
  const { t } = words;
  return vouchers.map((result) => {
    const text = voucherTextIn(result.voucher, words);
    return {
      id: result.voucher.id,
      title: text.title,
      details: [
        text.discountText,
        usesLeftText(result.usesLeft, result.voucher.usageLimit, t),
        result.memberUses ? memberUsesText(result.memberUses, t) : null,
      ]
        .filter(Boolean)
        .join(' · '),
      redeemable: result.redeemable,
      ...(result.redeemable
        ? {}
        : {
            refusal: {
              title: refusalTitle(result, t),
              reason: reasonText(result, t),
            },
          }),
    };
  });
}

/** The offline answer's vouchers (each as the copy decides it, this till's queue counted). */
export function offlineRows(vouchers: readonly OfflineVerdict[], words: Words<MessageId>): PassVoucherRow[] {
  const { t } = words;
  return vouchers.flatMap((verdict) => {
    const { code } = verdict;
    if (!code) return [];
    return [
      {
        id: code.id,
        title: code.title,
        details: [
          discountTextIn(words, code.discountType, code.discountValue),
          offlineUsesTextIn(verdict.usesLeft, words),
          verdict.memberUses ? memberUsesText(verdict.memberUses, t) : null,
        ]
          .filter(Boolean)
          .join(' · '),
        redeemable: verdict.redeemable,
        ...(verdict.redeemable
          ? {}
          : {
              refusal: {
                title: offlineRefusalTitle(verdict.refusal, t),
                reason: offlineReasonIn(verdict, words, viewerTimeZone()) ?? t('till.cannotRedeemHere'),
              },
            }),
      },
    ];
  });
}

/**
 * A scanned member pass, accepted (issue 43): who holds it (first name, last initial, photo when set)
 * and their vouchers valid at this shop, each with its discount, uses and (when it cannot be used now)
 * why; the club's daily cap when it has one. The staff picks one: the usual check, sale amount and
 * redeem follow (offline: the redemption is kept for later).
 */
export function PassCard({
  holder,
  photoUrl,
  rows,
  dailyCap,
  listFrom,
  onPick,
  onScanNext,
}: {
  holder?: TillHolder | undefined;
  photoUrl?: string | null | undefined;
  rows: PassVoucherRow[];
  dailyCap?: { used: number; limit: number } | undefined;
  /** Offline: "Checked offline, list from 10:42 AM". */
  listFrom?: string;
  onPick: (id: string) => void;
  onScanNext: () => void;
}) {
  const { t } = useWords();
  const name = holder ? holderText(holder) : t('till.pass.member');
  const initials = holder ? `${holder.firstName.slice(0, 1)}${holder.lastInitial}`.toUpperCase() : '';
  return (
    <Card component="section" aria-labelledby="till-pass-title" data-testid="till-pass" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 }}>
        <Avatar
          {...(photoUrl ? { src: photoUrl, alt: t('till.pass.photo', { name }) } : {})}
          sx={(theme) => ({
            width: 72,
            height: 72,
            fontSize: '1.6rem',
            fontWeight: 800,
            bgcolor: theme.palette.secondary.main,
            color: theme.palette.secondary.contrastText,
          })}
          data-testid="till-pass-photo"
        >
          {photoUrl ? null : initials}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id="till-pass-title"
            variant="h5"
            component="h2"
            data-testid="till-pass-holder"
            sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
            {listFrom ? (
              <CloudOffRoundedIcon fontSize="small" aria-hidden />
            ) : (
              <VerifiedUserRoundedIcon fontSize="small" color="success" aria-hidden />
            )}
            <Typography variant="body2" data-testid="till-pass-checked">
              {listFrom ? t('till.pass.checkedOffline', { listFrom }) : t('till.pass.checked')}
            </Typography>
          </Box>
        </Box>
      </Box>

      {dailyCap && (
        <Typography
          sx={{ fontWeight: 700, mb: 1 }}
          data-testid="till-pass-daily-cap"
          data-used={dailyCap.used}
          data-limit={dailyCap.limit}
        >
          {t('till.pass.dailyCap.today', { used: dailyCap.used, limit: dailyCap.limit })}
        </Typography>
      )}

      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 800, mb: 0.5 }}>
        {t('till.pass.vouchersHere')}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="till-pass-none" sx={{ mb: 2 }}>
          {t('till.pass.none')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mb: 2 }}>
          {rows.map((row) => (
            <Box component="li" key={row.id} sx={{ mb: 1 }}>
              <ButtonBase
                onClick={() => onPick(row.id)}
                data-testid="till-pass-voucher"
                data-redeemable={row.redeemable}
                sx={(theme) => ({
                  width: '100%',
                  minHeight: 64,
                  p: 1.5,
                  gap: 1,
                  justifyContent: 'space-between',
                  textAlign: 'left',
                  borderRadius: 3,
                  border: `2px solid ${row.redeemable ? theme.palette.success.main : theme.palette.divider}`,
                  '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.primary.main}` },
                })}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 800, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
                    {row.title}
                  </Typography>
                  <Typography sx={{ fontWeight: 600 }}>{row.details}</Typography>
                  {row.refusal ? (
                    <Typography variant="body2" sx={{ color: 'error.dark', fontWeight: 700 }}>
                      {row.refusal.title}: {row.refusal.reason}
                    </Typography>
                  ) : (
                    <Typography variant="body2" sx={{ color: 'success.dark', fontWeight: 700 }}>
                      {t('till.validHere')}
                    </Typography>
                  )}
                </Box>
                <ChevronRightRoundedIcon aria-hidden />
              </ButtonBase>
            </Box>
          ))}
        </Box>
      )}
      <Button
        variant="outlined"
        size="large"
        fullWidth
        onClick={onScanNext}
        data-testid="till-pass-scan-next"
        sx={{ minHeight: 52 }}
      >
        {t('till.scanAnother')}
      </Button>
    </Card>
  );
}
