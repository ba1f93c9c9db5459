import { useEffect, useRef, useState } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRequestSignInCode } from '../api/request-sign-in-code';
import { useRequestSignInLink } from '../api/request-sign-in-link';
import { useSignInChannels } from '../api/sign-in-channels';
import { useVerifySignIn } from '../api/verify-sign-in';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { LanguageSwitch } from '@/i18n/language-switch';
import { MemberFrame } from './member-frame';
import { OneFieldForm } from './one-field-form';

/**
 * The link's secret, read once from the address and dropped from it at once (history and the address
 * bar): in the fragment it never reached a server nor a Referer; `?token=` is taken too.
 */
function takeLinkToken(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
  const fromQuery = new URLSearchParams(window.location.search).get('token');
  const token = fromHash ?? fromQuery;
  if (token) window.history.replaceState(null, '', window.location.pathname);
  return token;
}

/** Under the card, on the navy page: the public pages' language switch (decision 352). */
const SWITCH = <LanguageSwitch style={{ justifyContent: 'center', margin: '20px 0 8px', color: '#fff' }} />;

/** /me/sign-in: an e-mail for a link (then "check your mail"), or a phone for a code when SMS is on. */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useT();
  useDocumentTitle(t('member.signInTitle'));
  const channels = useSignInChannels();
  const link = useRequestSignInLink();
  const code = useRequestSignInCode();
  const verify = useVerifySignIn();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [digits, setDigits] = useState('');
  const linkToken = useRef<string | null | undefined>(undefined);
  if (linkToken.current === undefined) linkToken.current = takeLinkToken();

  const { mutate: verifyToken } = verify;
  useEffect(() => {
    const signInWith = (token: string | null | undefined) => {
      if (token) verifyToken({ token }, { onSuccess: onSignedIn });
    };
    signInWith(linkToken.current);
    linkToken.current = null;
    // The link opened in this very tab (only the fragment changes: the page is not loaded again).
    const onHash = () => signInWith(takeLinkToken());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [verifyToken, onSignedIn]);

  const linkErrors = apiFieldErrorTexts(link.error);
  const phoneErrors = apiFieldErrorTexts(code.error);
  const head = (
    <>
      <h1 className="ms-h1">{t('member.signInTitle')}</h1>
      <p className="ms-sub">{t('member.signInIntro')}</p>
    </>
  );

  if (verify.isPending && !code.isSuccess)
    return (
      <MemberFrame head={head} after={SWITCH}>
        <p className="ms-note" role="status">
          {t('member.signingIn')}
        </p>
      </MemberFrame>
    );

  return (
    <MemberFrame head={head} after={SWITCH}>
      {verify.isError && !code.isSuccess && (
        <p className="ms-error" role="alert">
          {t('member.linkFailed')} {apiErrorText(verify.error, t('member.failed'))}
        </p>
      )}
      {link.isSuccess ? (
        <div className="ms-stack" role="status" data-testid="member-check-mail">
          <h2 className="ms-h2">{t('member.checkMail')}</h2>
          <p className="ms-note">{t('member.checkMailText')}</p>
          <button type="button" className="ms-btn ms-btn-quiet" onClick={() => link.reset()}>
            {t('member.another')}
          </button>
        </div>
      ) : (
        <OneFieldForm
          id="member-email"
          label={t('member.email')}
          input={{
            type: 'email',
            autoComplete: 'email',
            inputMode: 'email',
            required: true,
            value: email,
            onChange: (e) => setEmail(e.target.value),
          }}
          invalid={Boolean(linkErrors.email)}
          error={link.isError ? (linkErrors.email ?? apiErrorText(link.error, t('member.failed'))) : null}
          submitLabel={t('member.sendLink')}
          submitDisabled={link.isPending}
          onSubmit={() => link.mutate(email.trim())}
        />
      )}
      {channels.data?.sms && (
        <>
          <hr className="ms-rule" />
          <h2 className="ms-h2">{t('member.orSms')}</h2>
          {code.isSuccess ? (
            <OneFieldForm
              id="member-code"
              label={t('member.code')}
              before={
                <p className="ms-note" role="status">
                  {t('member.codeSent')}
                </p>
              }
              input={{
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                pattern: '[0-9]{6}',
                maxLength: 6,
                value: digits,
                onChange: (e) => setDigits(e.target.value.replace(/\D/g, '')),
              }}
              invalid={verify.isError}
              error={verify.isError ? apiErrorText(verify.error, t('member.failed')) : null}
              submitLabel={t('member.signIn')}
              submitDisabled={verify.isPending || digits.length !== 6}
              onSubmit={() =>
                verify.mutate({ phone: phone.trim(), code: digits.trim() }, { onSuccess: onSignedIn })
              }
            />
          ) : (
            <OneFieldForm
              id="member-phone"
              label={t('member.phone')}
              input={{
                type: 'tel',
                autoComplete: 'tel',
                value: phone,
                onChange: (e) => setPhone(e.target.value),
              }}
              invalid={Boolean(phoneErrors.phone)}
              error={
                code.isError ? (phoneErrors.phone ?? apiErrorText(code.error, t('member.failed'))) : null
              }
              submitLabel={t('member.sendCode')}
              submitDisabled={code.isPending}
              quiet
              onSubmit={() => code.mutate(phone.trim())}
            />
          )}
        </>
      )}
    </MemberFrame>
  );
}
