import type { TillCheckResponse, TillMatch, TillRedemption, TillRedeemResponse } from '@avpass/contracts';
import { voucherText } from '@avpass/contracts/voucher-text';
import { formatCents } from '@avpass/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '@/lib/api-client';
import { isUnconfirmed } from '@/lib/idempotency';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSession } from '@/lib/session/use-session';
import { viewerTimeZone } from '@/lib/time-zone';
import { matchesOf, useTillCheck } from '../api/check-till-code';
import { useTillRedeem } from '../api/till-redeem';
import { CameraScanner } from '../components/camera-scanner';
import { LiveRegion } from '../components/live-region';
import { ManualEntry } from '../components/manual-entry';
import { MatchPicker } from '../components/match-picker';
import { RedeemSuccess } from '../components/redeem-success';
import { TillVoucherCard } from '../components/till-voucher-card';
import { TodayList } from '../components/today-list';
import { saleCents } from '../lib/sale-amount';
import { refusalTitle } from '../lib/till-text';
import { installTillApp } from '../offline/install-till-app';
import { listFromText, listTimeText, type OfflineVerdict } from '../offline/offline-check';
import { OfflineRefusalCard } from '../offline/offline-refusal-card';
import { OfflineScanCard, SAVED_OFFLINE_MESSAGE } from '../offline/offline-scan-card';
import { OfflineBadge, OfflineQueuePanel } from '../offline/offline-queue-panel';
import { isNetworkFailure } from '../offline/sync';
import { useOfflineQueue } from '../offline/use-offline-queue';
import { useTillCopy, type TillCopy } from '../offline/use-till-copy';

const NETWORK_MESSAGE = 'AV Pass could not be reached. Check the connection and try again.';
export const UNCONFIRMED_TILL_REDEEM =
  'We could not confirm the redemption. Tap Redeem again: it will not be counted twice.';

type Phase =
  | { kind: 'scan' }
  | { kind: 'checking' }
  | { kind: 'matches'; matches: TillMatch[] }
  | { kind: 'problem'; message: string }
  | { kind: 'checked'; result: TillCheckResponse }
  | { kind: 'success'; result: TillRedeemResponse; undone: TillRedemption | null }
  /** No connection: the scan can be kept in the offline queue (`saved`: it is in it). */
  | { kind: 'offline'; code: string; saved: boolean }
  /** No connection, answered from the till's offline copy ("Checked offline, list from 10:42"). */
  | { kind: 'offline-checked'; code: string; verdict: OfflineVerdict; listFrom: string };

function vibrate(pattern: number | number[]) {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // not supported: nothing to do
  }
}

/** /till (company_admin and super_admin): scan or type a member's code, check it, redeem, undo. */
export function TillRoute() {
  const session = useSession();
  useEffect(installTillApp, []); // installable, opens offline (service worker from this chunk only)
  if (session.status !== 'signed-in') return null;
  const admin = session.user.role === 'super_admin';
  return (
    <Till where={admin ? 'Administrator' : (session.user.companyName ?? 'Partner Portal')} allTills={admin} />
  );
}

function Till({ where, allTills }: { where: string; allTills: boolean }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'scan' });
  const [announcement, setAnnouncement] = useState('');
  const [saleText, setSaleText] = useState('');
  const [notice, setNotice] = useState<{ severity: 'error' | 'warning'; text: string } | null>(null);
  const check = useTillCheck();
  const redeem = useTillRedeem();
  const queue = useOfflineQueue();
  const copy = useTillCopy();
  const cents = saleCents(saleText);
  const debouncedCents = useDebouncedValue(cents, 400);
  /** The sale amount of the check on show (so a re-check runs only when it changed). */
  const checkedCents = useRef<number | undefined>(undefined);
  const topRef = useRef<HTMLDivElement>(null);
  /** How the code on show came in, and what the camera read: after a redemption the entry follows it. */
  const [entry, setEntry] = useState<{ typed: boolean; scanned?: string }>({ typed: false });

  const checked = phase.kind === 'checked' ? phase.result : null;

  function reset() {
    setPhase({ kind: 'scan' });
    setSaleText('');
    setNotice(null);
    checkedCents.current = undefined;
    check.reset();
    redeem.reset();
  }

  function runCheck(code: string, transactionAmount?: number, recheck = false) {
    if (!recheck) {
      setPhase({ kind: 'checking' });
      setNotice(null);
    }
    checkedCents.current = transactionAmount;
    check.mutate(
      { code, ...(transactionAmount !== undefined ? { transactionAmount } : {}) },
      {
        onSuccess: (result) => {
          // A re-check answering after Redeem (or Scan next) must not bring the card back.
          setPhase((current) =>
            recheck && current.kind !== 'checked' ? current : { kind: 'checked', result },
          );
          if (recheck && result.redeemable && result.amountDue !== undefined) {
            setAnnouncement(
              `Discount ${formatCents(result.discountApplied ?? 0)}, to pay ${formatCents(result.amountDue)}`,
            );
          } else if (!recheck) {
            setAnnouncement(
              result.redeemable
                ? `Valid here: ${voucherText(result.voucher).title}. Ready to redeem.`
                : `${refusalTitle(result)}: ${result.reason ?? 'this voucher cannot be redeemed here.'}`,
            );
            if (!result.redeemable) vibrate([80, 60, 80]);
          }
        },
        onError: (error) => {
          if (recheck) {
            setNotice({ severity: 'warning', text: errorMessageOf(error, NETWORK_MESSAGE) });
            return;
          }
          if (isNetworkFailure(error)) {
            void answerOffline(code);
            return;
          }
          const matches = matchesOf(error);
          if (matches) {
            setPhase({ kind: 'matches', matches });
            setAnnouncement(`${matches.length} vouchers match: pick one.`);
            return;
          }
          const message = errorMessageOf(error, NETWORK_MESSAGE);
          setPhase({ kind: 'problem', message });
          setAnnouncement(message);
        },
      },
    );
  }

  /** No connection: the till's offline copy answers (without one, the scan can only be kept). */
  async function answerOffline(code: string) {
    const answer = await copy.check(code, queue.pending).catch(() => null);
    if (!answer) {
      setPhase({ kind: 'offline', code, saved: false });
      setAnnouncement('No connection: the voucher cannot be checked. You can save the redemption.');
      return;
    }
    if (answer.kind === 'matches') {
      setPhase({
        kind: 'matches',
        matches: answer.matches.map((match) => ({ id: match.id, title: match.title, partnerName: null })),
      });
      setAnnouncement(`${answer.matches.length} vouchers match: pick one.`);
      return;
    }
    const { verdict } = answer;
    const listFrom = listFromText(answer.syncedAt, new Date(), viewerTimeZone());
    setPhase({ kind: 'offline-checked', code, verdict, listFrom });
    if (verdict.redeemable) {
      setAnnouncement(`Valid here, checked offline: ${verdict.code?.title ?? code}. Save the redemption.`);
    } else {
      setAnnouncement(`Not accepted: ${verdict.reason ?? 'this voucher cannot be redeemed here.'}`);
      vibrate([80, 60, 80]);
    }
  }

  // A sent queue changes what is left of its codes: the copy asks what changed.
  const settled = queue.results.length;
  useEffect(() => {
    if (settled > 0) void copy.refresh();
  }, [settled, copy]);

  function onTyped(code: string) {
    setEntry({ typed: true });
    setSaleText(''); // from the success beside the entry: the last sale is not the next one's
    redeem.reset();
    runCheck(code);
  }

  function onScanned(text: string) {
    setEntry({ typed: false, scanned: text });
    vibrate(40);
    setSaleText('');
    redeem.reset();
    runCheck(text);
  }

  // The sale amount re-checks (debounced): the card shows the discount and what is left to pay.
  useEffect(() => {
    if (!checked?.redeemable || debouncedCents === null || debouncedCents === checkedCents.current) return;
    runCheck(checked.voucher.id, debouncedCents, true);
    // runCheck is stable enough: it reads the latest state when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedCents, checked?.voucher.id, checked?.redeemable]);

  useEffect(() => {
    topRef.current?.scrollIntoView?.({ block: 'start' });
  }, [phase.kind]);

  function onRedeem() {
    if (!checked || cents === null) return;
    setNotice(null);
    redeem.mutate(
      { code: checked.voucher.id, ...(cents !== undefined ? { transactionAmount: cents } : {}) },
      {
        onSuccess: (result) => {
          setPhase({ kind: 'success', result, undone: null });
          void copy.refresh(); // the use is counted: the copy's uses left follow at once
          vibrate([120, 60, 120]);
          setAnnouncement(`Redeemed. Reference ${result.redemption.reference}.`);
        },
        onError: (error, input) => {
          if (isNetworkFailure(error)) {
            // No answer: the queue sends it again with the same key (counted once) when online.
            void queue.enqueueUnconfirmed(input, voucherText(checked.voucher).title).then(
              () => {
                setPhase({ kind: 'offline', code: input.code, saved: true });
                setAnnouncement(SAVED_OFFLINE_MESSAGE);
              },
              () => setNotice({ severity: 'warning', text: UNCONFIRMED_TILL_REDEEM }),
            );
            return;
          }
          if (isUnconfirmed(error)) {
            setNotice({ severity: 'warning', text: UNCONFIRMED_TILL_REDEEM });
            setAnnouncement(UNCONFIRMED_TILL_REDEEM);
            return;
          }
          const text = errorMessageOf(error, 'The voucher was not redeemed.');
          setNotice({ severity: 'error', text });
          setAnnouncement(`Not redeemed: ${text}`);
          vibrate([80, 60, 80]);
          // The card shows the voucher as it is now (used up meanwhile, say).
          runCheck(checked.voucher.id, cents, true);
        },
      },
    );
  }

  /**
   * The camera and the typed code box. After a redemption they are there at once, beside the success:
   * the camera passes over the code just redeemed (still held up to it), and a typed code's box takes
   * the focus again so the next one is typed straight away.
   */
  const scanEntry = (afterRedeem: boolean) => (
    <Card
      component="section"
      aria-label={afterRedeem ? 'Scan or type the next voucher' : 'Scan or type a voucher'}
      data-testid="till-entry"
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <CameraScanner onCode={onScanned} ignore={afterRedeem ? entry.scanned : undefined} />
      <Divider sx={{ color: 'text.secondary' }}>or type the code</Divider>
      <ManualEntry onSubmit={onTyped} focusOnShow={afterRedeem && entry.typed} />
    </Card>
  );

  let content;
  switch (phase.kind) {
    case 'scan':
      content = scanEntry(false);
      break;
    case 'checking':
      content = (
        <Card
          sx={{ p: 4, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}
          aria-busy
        >
          <CircularProgress size={28} />
          <Typography sx={{ fontWeight: 600 }}>Checking the voucher…</Typography>
        </Card>
      );
      break;
    case 'matches':
      content = <MatchPicker matches={phase.matches} onPick={(id) => runCheck(id)} onBack={reset} />;
      break;
    case 'problem':
      content = (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert
            severity="error"
            data-testid="till-problem"
            sx={{ color: 'text.primary', fontSize: '1.05rem' }}
          >
            <AlertTitle sx={{ fontWeight: 800 }}>Not accepted</AlertTitle>
            {phase.message}
          </Alert>
          <Button variant="contained" size="large" fullWidth onClick={reset} sx={{ minHeight: 56 }}>
            Scan another voucher
          </Button>
        </Box>
      );
      break;
    case 'checked':
      content = (
        <TillVoucherCard
          result={phase.result}
          sale={{ text: saleText, onChange: setSaleText, cents }}
          rechecking={check.isPending}
          redeeming={redeem.isPending}
          onRedeem={onRedeem}
          onScanNext={reset}
          notice={
            notice && (
              <Alert
                severity={notice.severity}
                data-testid="till-redeem-notice"
                sx={{ color: 'text.primary' }}
              >
                {notice.text}
              </Alert>
            )
          }
        />
      );
      break;
    case 'success':
      content = (
        <>
          <RedeemSuccess
            result={phase.result}
            undone={phase.undone}
            focusOnShow={!entry.typed}
            onUndone={(redemption) => {
              setPhase({ ...phase, undone: redemption });
              void copy.refresh();
              setAnnouncement(`Redemption ${redemption.reference} undone. The use was given back.`);
            }}
          />
          {scanEntry(true)}
        </>
      );
      break;
    case 'offline-checked': {
      const { verdict } = phase;
      content =
        verdict.redeemable && verdict.code ? (
          <OfflineScanCard
            key={`${phase.code}-checked`}
            code={phase.code}
            checked={{ verdict: { ...verdict, code: verdict.code }, listFrom: phase.listFrom }}
            queue={queue}
            onSaved={() => setAnnouncement(SAVED_OFFLINE_MESSAGE)}
            onScanNext={reset}
          />
        ) : (
          <OfflineRefusalCard verdict={verdict} listFrom={phase.listFrom} onScanNext={reset} />
        );
      break;
    }
    case 'offline':
      content = (
        <OfflineScanCard
          key={phase.code}
          code={phase.code}
          saved={phase.saved}
          queue={queue}
          onSaved={() => setAnnouncement(SAVED_OFFLINE_MESSAGE)}
          onScanNext={reset}
        />
      );
      break;
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Box ref={topRef} sx={{ mb: 1.5, scrollMarginTop: 72 }}>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
          {where}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1">
            Till
          </Typography>
          <OfflineBadge count={queue.pending.length} />
        </Box>
        <CopyStatus copy={copy} />
      </Box>
      <LiveRegion message={announcement} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {content}
        <OfflineQueuePanel queue={queue} />
        <TodayList allTills={allTills} queue={queue} />
      </Box>
    </Container>
  );
}

/** "Offline list: 1,234 vouchers, from 10:42 AM": what the till answers from without a connection. */
function CopyStatus({ copy }: { copy: TillCopy }) {
  if (!copy.meta) return null;
  const zone = viewerTimeZone();
  const from = listTimeText(copy.meta.syncedAt, new Date(), zone);
  const count = copy.meta.count;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      data-testid="till-copy-status"
      data-count={count}
      data-synced-at={copy.meta.syncedAt}
    >
      Offline list: {count.toLocaleString('en-US')} {count === 1 ? 'voucher' : 'vouchers'}, from {from}
    </Typography>
  );
}
