import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { REFUSAL_TITLES } from '../lib/till-text';
import type { OfflineRefusal, OfflineVerdict } from './offline-check';
import { OfflineHolder } from './offline-scan-card';

/** The headline of an offline refusal: the online check's, plus the two only the copy says. */
const OFFLINE_REFUSAL_TITLES: Record<OfflineRefusal, string> = {
  ...REFUSAL_TITLES,
  not_found: REFUSAL_TITLES.not_valid_here,
  not_ours: 'Not an AV Pass voucher',
};

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
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert
        severity="error"
        data-testid="till-offline-refused"
        data-refusal={verdict.refusal}
        sx={{ color: 'text.primary', fontSize: '1.05rem' }}
      >
        <AlertTitle sx={{ fontWeight: 800 }}>
          Not accepted: {verdict.refusal ? OFFLINE_REFUSAL_TITLES[verdict.refusal] : 'Cannot be redeemed'}
        </AlertTitle>
        {verdict.code && (
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{verdict.code.title}</Typography>
        )}
        {/* Whose it is; the reason already says how far over the limit. */}
        {verdict.holder && <OfflineHolder verdict={{ holder: verdict.holder }} />}
        <Typography>{verdict.reason}</Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="till-offline-list-from">
          {listFrom}
        </Typography>
      </Alert>
      <Button variant="contained" size="large" fullWidth onClick={onScanNext} sx={{ minHeight: 56 }}>
        Scan another voucher
      </Button>
    </Box>
  );
}
