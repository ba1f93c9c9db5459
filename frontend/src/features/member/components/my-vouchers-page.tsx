import { lazy, Suspense, useEffect } from 'react';
import { useAccountLanguage, useLanguage, useT } from '@/i18n/i18n';
import { setAccountLanguage } from '@/i18n/language';
import { LanguageSwitch } from '@/i18n/language-switch';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMe } from '../api/get-me';
import { useMyVouchers } from '../api/get-my-vouchers';
import { useSetMyLanguage } from '../api/set-my-language';
import { useSignOut } from '../api/sign-out';
import { memberSession } from '../lib/member-session';
import { memberMoney } from '../lib/member-words';
import { HeldVoucherItem } from './held-voucher-item';
import { MemberFrame } from './member-frame';

/**
 * The member's pass (issue 43): its own chunk with the QR encoder, loaded by this screen only (the
 * sign-in page and the voucher page never carry it).
 */
const MemberPassCard = lazy(() => import('./member-pass-card'));

/** /me, "My vouchers": the member's pass, then active codes first, then used and expired ones with where and when. */
export function MyVouchersPage({ onSignedOut }: { onSignedOut: () => void }) {
  const me = useMe();
  const vouchers = useMyVouchers();
  const signOut = useSignOut();
  const setLanguage = useSetMyLanguage();
  // The member's own language (decision 352): the switch below keeps a choice on their account.
  useAccountLanguage(me.data?.language ?? memberSession()?.member.language);
  const t = useT();
  const language = useLanguage();
  useDocumentTitle(t('member.myVouchers'));
  const firstName = me.data?.firstName ?? memberSession()?.member.firstName ?? '';
  // A session that ended on the server (idle, signed out elsewhere): back to the sign-in.
  const ended = [me.error, vouchers.error].some((e) => e instanceof ApiError && e.status === 401);
  useEffect(() => {
    if (ended) onSignedOut();
  }, [ended, onSignedOut]);

  const items = vouchers.data?.pages.flatMap((page) => page.items) ?? [];
  const active = items.filter((v) => v.state === 'active');
  const done = items.filter((v) => v.state !== 'active');

  const head = (
    <div className="ms-bar">
      <div>
        <h1 className="ms-h1">{t('member.myVouchers')}</h1>
        <p className="ms-sub">{t('member.hello', { name: firstName })}</p>
      </div>
      <button
        type="button"
        className="vs-btn vs-btn-glass vs-btn-small"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onSettled: onSignedOut })}
      >
        {t('member.signOut')}
      </button>
    </div>
  );

  return (
    <MemberFrame head={head}>
      <Suspense fallback={null}>
        <MemberPassCard onSessionEnded={onSignedOut} />
      </Suspense>
      {me.data?.creditBalanceCents != null && (
        <p className="ms-credit" data-testid="member-credit">
          <span>{t('member.credit')}</span>
          <span>{memberMoney(me.data.creditBalanceCents, language)}</span>
        </p>
      )}
      {vouchers.isPending ? (
        <p className="ms-note" role="status">
          {t('member.loading')}
        </p>
      ) : vouchers.isError ? (
        <div role="alert">
          <p className="ms-error">{t('member.loadFailed')}</p>
          <button type="button" className="ms-btn ms-btn-quiet" onClick={() => void vouchers.refetch()}>
            {t('member.retry')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="ms-note">{t('member.none')}</p>
      ) : (
        <>
          <section aria-labelledby="member-ready">
            <h2 className="ms-h2" id="member-ready">
              {t('member.ready')}
            </h2>
            {active.length ? (
              <ul className="ms-list">
                {active.map((v) => (
                  <HeldVoucherItem key={v.id} voucher={v} />
                ))}
              </ul>
            ) : (
              <p className="ms-note">{t('member.noneReady')}</p>
            )}
          </section>
          {done.length > 0 && (
            <section aria-labelledby="member-done">
              <h2 className="ms-h2" id="member-done">
                {t('member.usedAndExpired')}
              </h2>
              <ul className="ms-list">
                {done.map((v) => (
                  <HeldVoucherItem key={v.id} voucher={v} />
                ))}
              </ul>
            </section>
          )}
          {vouchers.hasNextPage && (
            <button
              type="button"
              className="ms-btn ms-btn-quiet"
              disabled={vouchers.isFetchingNextPage}
              onClick={() => void vouchers.fetchNextPage()}
            >
              {t('member.more')}
            </button>
          )}
        </>
      )}
      <div style={{ marginTop: 24 }}>
        <p className="ms-note">{t('member.language')}</p>
        <LanguageSwitch
          onChoose={(chosen) => {
            setAccountLanguage(chosen);
            setLanguage.mutate(chosen);
          }}
        />
        {setLanguage.isError && (
          <p className="ms-error" role="alert" data-testid="member-language-error">
            {t('member.languageFailed')}
          </p>
        )}
      </div>
    </MemberFrame>
  );
}
