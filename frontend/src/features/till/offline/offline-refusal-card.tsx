import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { useWords } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { viewerTimeZone } from '@/lib/time-zone';
import { refusalTitle } from '../lib/till-text';
import type { OfflineRefusal, OfflineVerdict } from './offline-check';
import { OfflineHolder } from './offline-scan-card';
import { offlineReasonIn } from './offline-words';

/** The headline of an offline refusal: the online check's, plus the two only the copy says. */
export function offlineRefusalTitle(refusal: OfflineRefusal | undefined, t: Translate<MessageId>): string {
  if (refusal === 'not_ours') return t('till.offline.notOurs');
  if (refusal === 'member_daily_cap') return t('till.refusal.member_daily_cap');
  return refusalTitle({ refusal: refusal === 'not_found' ? 'not_valid_here' : refusal }, t);
}

/**
 * The till's offline copy refuses the code (another shop's, used up counting this till's queued uses,
 * expired, not yet valid, deactivated, its holder over their per-member limit, not ours): said as the online check says it, with when the
 * list was read. Nothing is kept for later.
 */
export function OfflineRefusalCard({
  verdict,
  listFrom,
  onScanNext,
}: {
  verdict: OfflineVerdict;
  listFrom: string;
  onScanNext: () => void;
}) {
  const words = useWords();
  const { t } = words;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert
        severity="error"
        data-testid="till-offline-refused"
        data-refusal={verdict.refusal}
        sx={{ color: 'text.primary', fontSize: '1.05rem' }}
      >
        <AlertTitle sx={{ fontWeight: 800 }}>
          {t('till.offline.notAccepted', { title: offlineRefusalTitle(verdict.refusal, t) })}
        </AlertTitle>
        {verdict.code && (
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{verdict.code.title}</Typography>
        )}
        {/* Whose it is; the reason already says how far over the limit. */}
        {verdict.holder && <OfflineHolder verdict={{ holder: verdict.holder }} />}
        <Typography>{offlineReasonIn(verdict, words, viewerTimeZone())}</Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="till-offline-list-from">
          {listFrom}
        </Typography>
      </Alert>
      <Button variant="contained" size="large" fullWidth onClick={onScanNext} sx={{ minHeight: 56 }}>
        {t('till.scanAnother')}
      </Button>
    </Box>
  );
}
