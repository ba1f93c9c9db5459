import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useMyPass } from '../api/get-my-pass';
import { downloadApplePass, openGoogleWalletPass } from '../api/pass-wallet';
import { useRevokeMyPass } from '../api/revoke-my-pass';
import { passNow } from '../lib/pass-clock';
import { passQr } from '../lib/pass-qr';
import { ensurePassStyle } from '../lib/pass-style';
import { useOnline } from '../lib/use-online';
import { useWakeLock } from '../lib/use-wake-lock';

/**
 * The phone's clock, read again at every second of the server's clock (`offsetMs` ahead of the
 * phone's): the countdown ticks, and the code changes as the server's step begins.
 */
function usePhoneNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const serverMs = Math.round(now + offsetMs);
    const timer = setTimeout(() => setNow(Date.now()), 1000 - (((serverMs % 1000) + 1000) % 1000));
    return () => clearTimeout(timer);
  }, [now, offsetMs]);
  // Back on screen: read the clock at once (timers sleep with the page).
  useEffect(() => {
    const wake = () => setNow(Date.now());
    document.addEventListener('visibilitychange', wake);
    return () => document.removeEventListener('visibilitychange', wake);
  }, []);
  return now;
}

function PassQr({ code, step, label }: { code: string; step: number; label: string }) {
  const qr = useMemo(() => passQr(code), [code]);
  return (
    <div className="ms-pass-qr" data-testid="member-pass-qr" data-code={code} data-step={step}>
      <svg viewBox={`0 0 ${qr.side} ${qr.side}`} role="img" aria-label={label} shapeRendering="crispEdges">
        <rect width={qr.side} height={qr.side} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
    </div>
  );
}

/** "Lost your phone?": a confirmation, then the pass moves on (the old phone's codes stop working). */
function ReplacePass() {
  const t = useT();
  const revoke = useRevokeMyPass();
  const dialog = useRef<HTMLDialogElement>(null);
  // One key per confirmed intent, kept across a retry after a lost answer (decision 367).
  const key = useRef<string | null>(null);
  const confirm = () => {
    key.current ??= newIdempotencyKey();
    revoke.mutate(key.current, {
      onSuccess: () => {
        key.current = null;
        dialog.current?.close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status < 500) key.current = null;
      },
    });
  };
  return (
    <>
      <button
        type="button"
        className="ms-btn ms-btn-quiet ms-pass-lost"
        onClick={() => {
          revoke.reset();
          dialog.current?.showModal();
        }}
      >
        {t('member.pass.lost')}
      </button>
      {revoke.isSuccess && (
        <p className="ms-pass-done" role="status" data-testid="member-pass-replaced">
          {t('member.pass.replaced')}
        </p>
      )}
      <dialog
        ref={dialog}
        className="ms-dialog"
        aria-labelledby="member-pass-replace-title"
        aria-describedby="member-pass-replace-text"
      >
        <h2 className="ms-h2" id="member-pass-replace-title">
          {t('member.pass.replaceTitle')}
        </h2>
        <p className="ms-note" id="member-pass-replace-text">
          {t('member.pass.replaceText')}
        </p>
        {revoke.isError && (
          <p className="ms-error" role="alert">
            {t('member.pass.replaceFailed')}
          </p>
        )}
        <div className="ms-dialog-actions">
          <button
            type="button"
            className="ms-btn ms-btn-quiet"
            onClick={() => dialog.current?.close()}
            disabled={revoke.isPending}
          >
            {t('member.pass.cancel')}
          </button>
          <button type="button" className="ms-btn" onClick={confirm} disabled={revoke.isPending}>
            {revoke.isPending ? t('member.pass.replacing') : t('member.pass.replace')}
          </button>
        </div>
      </dialog>
    </>
  );
}

function WalletButtons({ google, apple }: { google: boolean; apple: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!google && !apple) return null;
  const run = (add: () => Promise<void>) => {
    setBusy(true);
    setFailed(false);
    add().then(
      () => setBusy(false),
      () => {
        setBusy(false);
        setFailed(true);
      },
    );
  };
  return (
    <div className="ms-pass-wallet" data-testid="member-pass-wallet">
      {apple && (
        <button
          type="button"
          className="ms-btn ms-btn-quiet"
          disabled={busy}
          data-testid="member-pass-apple"
          onClick={() => run(downloadApplePass)}
        >
          {t('member.pass.appleWallet')}
        </button>
      )}
      {google && (
        <button
          type="button"
          className="ms-btn ms-btn-quiet"
          disabled={busy}
          data-testid="member-pass-google"
          onClick={() => run(openGoogleWalletPass)}
        >
          {t('member.pass.googleWallet')}
        </button>
      )}
      {failed && (
        <p className="ms-error" role="alert">
          {t('member.pass.walletFailed')}
        </p>
      )}
    </div>
  );
}

/**
 * "My pass" at the top of My vouchers (issue 43, decision 367): the holder, the QR of the code of the
 * server's time step (it changes every 30 s; the phone's own clock only counts from the server's), a
 * countdown to the next one, the wallets, and "Lost your phone?". The codes in hand last 5 minutes:
 * new ones are asked for before fewer than 4 are left, and when the page comes back to the screen or
 * online; offline the page shows those it has, then asks for a connection (never a stale code, which the
 * till would refuse as a screenshot). Its own chunk, with the QR encoder: only this screen loads it.
 */
export default function MemberPassCard({ onSessionEnded }: { onSessionEnded: () => void }) {
  ensurePassStyle();
  const t = useT();
  const query = useMyPass();
  const online = useOnline();
  const phoneNow = usePhoneNow(query.data?.offsetMs ?? 0);
  const now = query.data ? passNow(query.data.pass, query.data.offsetMs, phoneNow) : null;
  useWakeLock(now?.kind === 'code');

  const ended = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (ended) onSessionEnded();
  }, [ended, onSessionEnded]);

  // Before the codes run out (and once they have), ask again: once per step, so a failing network is
  // not asked every second. Offline, the query waits for the connection (and asks on its return).
  const asked = useRef<number | null>(null);
  const { refetch, isFetching } = query;
  const wantMore = now?.refetch === true ? now.step : null;
  useEffect(() => {
    if (wantMore === null || isFetching || asked.current === wantMore) return;
    asked.current = wantMore;
    void refetch();
  }, [wantMore, isFetching, refetch]);

  const holder = query.data?.pass.holder;
  let body: ReactNode;
  if (now?.kind === 'code') {
    const seconds = Math.max(1, Math.ceil(now.msToNext / 1000));
    body = (
      <>
        <PassQr code={now.code} step={now.step} label={t('member.pass.qrLabel')} />
        <div className="ms-pass-bar" aria-hidden="true">
          <div style={{ transform: `scaleX(${1 - now.elapsed})` }} />
        </div>
        <p className="ms-pass-next" data-testid="member-pass-countdown">
          {t('member.pass.nextIn', { seconds })}
        </p>
      </>
    );
  } else if (query.isPending && online && query.fetchStatus === 'fetching') {
    body = (
      <p className="ms-pass-wait" role="status">
        {t('member.pass.loading')}
      </p>
    );
  } else if (!online || query.data || query.fetchStatus === 'paused') {
    // No code for this step in hand: offline, or the codes ran out while the server did not answer.
    body = (
      <div className="ms-pass-wait">
        <p role="status" data-testid="member-pass-offline">
          {t('member.pass.offline')}
        </p>
        {online && !isFetching && (
          <button type="button" className="ms-btn ms-btn-quiet" onClick={() => void refetch()}>
            {t('member.retry')}
          </button>
        )}
      </div>
    );
  } else {
    body = (
      <div className="ms-pass-wait" role="alert">
        <p className="ms-error">{t('member.pass.loadFailed')}</p>
        <button
          type="button"
          className="ms-btn ms-btn-quiet"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          {t('member.retry')}
        </button>
      </div>
    );
  }

  return (
    <section className="ms-pass" aria-labelledby="member-pass-title" data-testid="member-pass">
      <div className="ms-pass-top">
        <h2 className="ms-h2" id="member-pass-title">
          {t('member.pass.title')}
        </h2>
        {holder && (
          <p className="ms-pass-holder" data-testid="member-pass-holder">
            {t('member.pass.holder', { firstName: holder.firstName, lastInitial: holder.lastInitial })}
          </p>
        )}
      </div>
      {body}
      <p className="ms-note ms-pass-help">{t('member.pass.changes')}</p>
      {query.data && <WalletButtons {...query.data.pass.wallet} />}
      <ReplacePass />
    </section>
  );
}
