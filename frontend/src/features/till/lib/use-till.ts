import type {
  TillCheckResponse,
  TillMatch,
  TillPassResponse,
  TillRedemption,
  TillRedeemResponse,
} from '@avpass/contracts';
import { voucherText } from '@avpass/contracts/voucher-text';
import { formatCentsIn, looksLikePass } from '@avpass/domain';
import { useEffect, useRef, useState } from 'react';
import { apiErrorText } from '@/i18n/api-error-text';
import { ApiError } from '@/lib/api-client';
import { isUnconfirmed } from '@/lib/idempotency';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { viewerTimeZone } from '@/lib/time-zone';
import { matchesOf, useTillCheck } from '../api/check-till-code';
import { useTillPass } from '../api/till-pass';
import { useTillRedeem } from '../api/till-redeem';
import type { OfflineVerdict } from '../offline/offline-check';
import { isPassText, type OfflinePassAnswer, type OfflinePassRefusal } from '../offline/offline-pass';
import { listFromTextIn, offlineReasonIn } from '../offline/offline-words';
import { isNetworkFailure } from '../offline/sync';
import { useOfflineQueue } from '../offline/use-offline-queue';
import { useTillCopy } from '../offline/use-till-copy';
import { saleCents } from './sale-amount';
import { useWords } from '@/i18n/i18n';
import { holderText, passRefusalText, refusalTitle } from './till-text';

/** A member pass the staff picks a voucher from: whose it is (offline: the code's time step for the queue). */
export interface PassPick {
  memberId: string;
  passStep?: number;
}

/** What the till shows: the entry, a check under way, its answer, a redemption, or an offline answer. */
export type Phase =
  | { kind: 'scan' }
  | { kind: 'checking' }
  | { kind: 'matches'; matches: TillMatch[] }
  | { kind: 'problem'; message: string }
  | { kind: 'checked'; result: TillCheckResponse }
  | { kind: 'success'; result: TillRedeemResponse; undone: TillRedemption | null }
  /** No connection: the scan can be kept in the offline queue (`saved`: it is in it). */
  | { kind: 'offline'; code: string; saved: boolean }
  /** No connection, answered from the till's offline copy ("Checked offline, list from 10:42"). */
  | { kind: 'offline-checked'; code: string; verdict: OfflineVerdict; listFrom: string; pass?: PassPick }
  /** A member pass accepted online (issue 43): its holder and their vouchers valid here, to pick from. */
  | { kind: 'pass'; code: string; result: TillPassResponse }
  /** A member pass accepted offline: the member's vouchers from the copy. */
  | {
      kind: 'offline-pass';
      code: string;
      answer: Extract<OfflinePassAnswer, { ok: true }>;
      listFrom: string;
    }
  /** A member pass refused (online or offline), said in the reader's words. */
  | { kind: 'pass-refused'; refusal: OfflinePassRefusal; offline: boolean }
  /** Apple Wallet's static code: the member's date of birth or phone's last 4 digits, asked for. */
  | { kind: 'pass-factor'; code: string; wrong: boolean; error?: string };

function vibrate(pattern: number | number[]) {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // not supported: nothing to do
  }
}

/**
 * The till's state and its moves: check a scanned or typed code (online, else from the offline copy),
 * re-check as the sale amount is typed, redeem (kept in the offline queue when there is no answer).
 */
export function useTill() {
  const [phase, setPhase] = useState<Phase>({ kind: 'scan' });
  const words = useWords();
  const { t } = words;
  const [announcement, setAnnouncement] = useState('');
  const [saleText, setSaleText] = useState('');
  const [notice, setNotice] = useState<{ severity: 'error' | 'warning'; text: string } | null>(null);
  const check = useTillCheck();
  const redeem = useTillRedeem();
  const passScan = useTillPass();
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
    passScan.reset();
  }

  function passRefused(refusal: OfflinePassRefusal, offline: boolean) {
    setPhase({ kind: 'pass-refused', refusal, offline });
    setAnnouncement(t('till.pass.announce.refused', { reason: passRefusalText(refusal, t) }));
    vibrate([80, 60, 80]);
  }

  /**
   * A scanned or typed member pass (issue 43): online the server judges it and answers with the holder
   * and their vouchers valid here; without a connection the till judges it from what it keeps.
   */
  function runPass(code: string, secondFactor?: string) {
    setPhase({ kind: 'checking' });
    setNotice(null);
    passScan.mutate(
      { code, ...(secondFactor !== undefined ? { secondFactor } : {}) },
      {
        onSuccess: (result) => {
          if (result.accepted) {
            setPhase({ kind: 'pass', code, result });
            setAnnouncement(
              t('till.pass.announce.accepted', {
                name: result.holder ? holderText(result.holder) : t('till.pass.member'),
                count: result.vouchers.length,
              }),
            );
            return;
          }
          if (result.refusal === 'second_factor') {
            const wrong = secondFactor !== undefined;
            setPhase({ kind: 'pass-factor', code, wrong });
            setAnnouncement(t(wrong ? 'till.pass.factor.wrong' : 'till.pass.refusal.second_factor'));
            return;
          }
          passRefused(result.refusal ?? 'not_genuine', false);
        },
        onError: (error) => {
          if (isNetworkFailure(error)) {
            void answerPassOffline(code);
            return;
          }
          const message = apiErrorText(error, t('till.announce.network'));
          // A second factor not in the form, or too many tries: said beside the field.
          if (secondFactor !== undefined && error instanceof ApiError && error.status < 500) {
            setPhase({ kind: 'pass-factor', code, wrong: false, error: message });
            setAnnouncement(message);
            return;
          }
          setPhase({ kind: 'problem', message });
          setAnnouncement(message);
        },
      },
    );
  }

  /** No connection: the pass judged from the kept keys and revocations, the member's codes from the copy. */
  async function answerPassOffline(code: string) {
    // Google Wallet's rotating barcode (TOTP) is checked by the server only.
    if (!looksLikePass(code)) return passRefused('needs_connection', true);
    const found = await copy.checkPass(code, queue.pending, queue.results).catch(() => null);
    if (!found) return passRefused('no_keys', true);
    const { answer } = found;
    if (!answer.ok) return passRefused(answer.refusal, true);
    const listFrom = listFromTextIn(found.syncedAt, new Date(), viewerTimeZone(), words);
    setPhase({ kind: 'offline-pass', code, answer, listFrom });
    setAnnouncement(
      t('till.pass.announce.acceptedOffline', {
        name: answer.holder ? holderText(answer.holder) : t('till.pass.member'),
        count: answer.vouchers.length,
      }),
    );
  }

  /** A voucher picked from an offline pass: the offline card, its redemption queued with the member. */
  function pickOffline(verdict: OfflineVerdict, listFrom: string, pass: PassPick) {
    if (!verdict.code) return;
    setPhase({ kind: 'offline-checked', code: verdict.code.id, verdict, listFrom, pass });
    if (verdict.redeemable) setAnnouncement(t('till.announce.offlineValid', { title: verdict.code.title }));
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
              t('till.announce.toPay', {
                discount: formatCentsIn(words.language, result.discountApplied ?? 0),
                due: formatCentsIn(words.language, result.amountDue),
              }),
            );
          } else if (!recheck) {
            setAnnouncement(
              result.redeemable
                ? t('till.announce.valid', { title: voucherText(result.voucher).title })
                : t('till.announce.refused', {
                    title: refusalTitle(result, t),
                    reason: result.reason ?? t('till.announce.cannotHere'),
                  }),
            );
            if (!result.redeemable) vibrate([80, 60, 80]);
          }
        },
        onError: (error) => {
          if (recheck) {
            setNotice({ severity: 'warning', text: apiErrorText(error, t('till.announce.network')) });
            return;
          }
          if (isNetworkFailure(error)) {
            void answerOffline(code);
            return;
          }
          const matches = matchesOf(error);
          if (matches) {
            setPhase({ kind: 'matches', matches });
            setAnnouncement(t('till.announce.matches', { count: matches.length }));
            return;
          }
          const message = apiErrorText(error, t('till.announce.network'));
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
      setAnnouncement(t('till.announce.offlineUnchecked'));
      return;
    }
    if (answer.kind === 'matches') {
      setPhase({
        kind: 'matches',
        matches: answer.matches.map((match) => ({ id: match.id, title: match.title, partnerName: null })),
      });
      setAnnouncement(t('till.announce.matches', { count: answer.matches.length }));
      return;
    }
    const { verdict } = answer;
    const listFrom = listFromTextIn(answer.syncedAt, new Date(), viewerTimeZone(), words);
    setPhase({ kind: 'offline-checked', code, verdict, listFrom });
    if (verdict.redeemable) {
      setAnnouncement(t('till.announce.offlineValid', { title: verdict.code?.title ?? code }));
    } else {
      const reason = offlineReasonIn(verdict, words, viewerTimeZone());
      setAnnouncement(
        reason ? t('till.announce.notAccepted', { reason }) : t('till.announce.notAcceptedHere'),
      );
      vibrate([80, 60, 80]);
    }
  }

  // A sent queue changes what is left of its codes: the copy asks what changed.
  const settled = queue.results.length;
  useEffect(() => {
    if (settled > 0) void copy.refresh();
  }, [settled, copy]);

  /** A member pass goes to the pass check; anything else is a voucher's code. */
  const checkEntry = (text: string) => (isPassText(text) ? runPass(text.trim()) : runCheck(text));

  function onTyped(code: string) {
    setEntry({ typed: true });
    setSaleText(''); // from the success beside the entry: the last sale is not the next one's
    redeem.reset();
    checkEntry(code);
  }

  function onScanned(text: string) {
    setEntry({ typed: false, scanned: text });
    vibrate(40);
    setSaleText('');
    redeem.reset();
    checkEntry(text);
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
          setAnnouncement(t('till.announce.redeemed', { reference: result.redemption.reference }));
        },
        onError: (error, input) => {
          if (isNetworkFailure(error)) {
            // No answer: the queue sends it again with the same key (counted once) when online.
            void queue.enqueueUnconfirmed(input, voucherText(checked.voucher).title).then(
              () => {
                setPhase({ kind: 'offline', code: input.code, saved: true });
                setAnnouncement(t('till.offline.saved'));
              },
              () => setNotice({ severity: 'warning', text: t('till.announce.unconfirmed') }),
            );
            return;
          }
          if (isUnconfirmed(error)) {
            setNotice({ severity: 'warning', text: t('till.announce.unconfirmed') });
            setAnnouncement(t('till.announce.unconfirmed'));
            return;
          }
          const text = apiErrorText(error, t('till.announce.notRedeemedFallback'));
          setNotice({ severity: 'error', text });
          setAnnouncement(t('till.announce.notRedeemed', { text }));
          vibrate([80, 60, 80]);
          // The card shows the voucher as it is now (used up meanwhile, say).
          runCheck(checked.voucher.id, cents, true);
        },
      },
    );
  }

  return {
    phase,
    setPhase,
    announcement,
    setAnnouncement,
    saleText,
    setSaleText,
    notice,
    cents,
    check,
    redeem,
    passScan,
    queue,
    copy,
    topRef,
    entry,
    reset,
    runCheck,
    runPass,
    pickOffline,
    onTyped,
    onScanned,
    onRedeem,
  };
}

export type TillState = ReturnType<typeof useTill>;
