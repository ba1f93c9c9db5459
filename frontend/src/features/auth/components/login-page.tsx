import type { MouseEvent } from 'react';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import { LanguageSwitch } from '@/i18n/language-switch';
import { ensureLoginStyle } from './login-look';
import { LoginForm, type OnSignedIn } from './login-form';
import { LoginIcon } from './login-icons';

// Before the first render, so the page never shows unstyled.
ensureLoginStyle();

const HIGHLIGHTS = ['login.point.vouchers', 'login.point.redemptions', 'login.point.credits'] as const;

/** The brand's name and mark: the same in every language. */
const BRAND_NAME = 'AV Pass';
const BRAND_MARK = 'AV';

interface LoginPageProps {
  onSignedIn: OnSignedIn;
  /** Follows a link of the page without loading it again (the app's router); plain links otherwise. */
  onNavigate?: (path: string) => void;
}

/**
 * The sign-in screen, in plain elements and its own CSS (issue 40, decision 342): the first screen every
 * partner's cashier opens, loaded on its own without MUI, Emotion or the router (app/login-shell.tsx),
 * and the same screen inside the app (routes/login.tsx).
 */
export function LoginPage({ onSignedIn, onNavigate }: LoginPageProps) {
  const home = paths.landing.path;
  const t = useT();
  const toHome = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    onNavigate(home);
  };
  return (
    <div className="lg-root">
      <div className="lg-hero">
        <div className="lg-top">
          <a href={home} onClick={toHome} className="lg-home">
            <span className="lg-brand">
              <span className="lg-tile" aria-hidden="true">
                {BRAND_MARK}
              </span>
              <span className="lg-word">{BRAND_NAME}</span>
            </span>
          </a>
          <a href={home} onClick={toHome} className="lg-back">
            <LoginIcon name="back" />
            {t('login.backHome')}
          </a>
        </div>
        <div className="lg-narrow">
          <span className="lg-over">{t('login.portal')}</span>
          <p className="lg-claim">{t('login.claim')}</p>
        </div>
        <div className="lg-wide">
          <span className="lg-over">{t('login.portal')}</span>
          <p className="lg-big">{t('login.claim')}</p>
          <ul className="lg-points">
            {HIGHLIGHTS.map((line) => (
              <li key={line}>
                <LoginIcon name="check" />
                {t(line)}
              </li>
            ))}
          </ul>
        </div>
        <span className="lg-legal">{t('login.legal')}</span>
      </div>
      <div className="lg-side">
        <div className="lg-card">
          <h1 className="lg-title">{t('login.title')}</h1>
          <p className="lg-intro">{t('login.intro')}</p>
          <LoginForm onSignedIn={onSignedIn} />
          <LanguageSwitch style={{ justifyContent: 'center', marginTop: 24 }} />
        </div>
      </div>
    </div>
  );
}
