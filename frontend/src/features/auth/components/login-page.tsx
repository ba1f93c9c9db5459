import type { MouseEvent } from 'react';
import { paths } from '@/config/paths';
import { ensureLoginStyle } from './login-look';
import { LoginForm, type OnSignedIn } from './login-form';
import { LoginIcon } from './login-icons';

// Before the first render, so the page never shows unstyled.
ensureLoginStyle();

const HIGHLIGHTS = [
  'Create and track QR vouchers for every partner',
  'Follow redemptions as they happen',
  'Manage athlete credits and merchandise',
];

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
                AV
              </span>
              <span className="lg-word">AV Pass</span>
            </span>
          </a>
          <a href={home} onClick={toHome} className="lg-back">
            <LoginIcon name="back" />
            Back to home
          </a>
        </div>
        <div className="lg-narrow">
          <span className="lg-over">Partner &amp; admin portal</span>
          <p className="lg-claim">Premium access, managed in one place.</p>
        </div>
        <div className="lg-wide">
          <span className="lg-over">Partner &amp; admin portal</span>
          <p className="lg-big">Premium access, managed in one place.</p>
          <ul className="lg-points">
            {HIGHLIGHTS.map((line) => (
              <li key={line}>
                <LoginIcon name="check" />
                {line}
              </li>
            ))}
          </ul>
        </div>
        <span className="lg-legal">© 2025 AV Pass. All rights reserved.</span>
      </div>
      <div className="lg-side">
        <div className="lg-card">
          <h1 className="lg-title">Login</h1>
          <p className="lg-intro">Sign in with your username or the email address of your partner account.</p>
          <LoginForm onSignedIn={onSignedIn} />
        </div>
      </div>
    </div>
  );
}
