import { prefetchFirstScreen } from './app/first-screen';
import { VOUCHER_CATALOGS } from '@avpass/contracts/i18n/voucher-catalogs';
import { memberSession } from './features/member/lib/member-session';
import type { Catalog } from './i18n/catalogs';
import { activate } from './i18n/i18n';
import { setAccountLanguage } from './i18n/language';
import { MEMBER_CATALOGS } from './locales/member-catalogs';
import { PUBLIC_CATALOGS } from './locales/public-catalogs';
import { ERRORS_CATALOGS } from './locales/errors-catalogs';
import { STAFF_CATALOGS } from './locales/staff-catalogs';
import { getAuthToken } from './lib/session/auth-storage';

/**
 * Picks the code to load from the address: a voucher opened from its QR code gets only the voucher page
 * (a member's phone on a slow network); every other address gets the app with its router. The shared
 * code (React, the providers and the theme) is preloaded by index.html; the rest is loaded with
 * everything it imports in parallel, together with a signed-in user's first screen (issue 28). The
 * gateway's HTML for the light pages below already preloads their shell and words (decision 382):
 * `lightPageOf` in gateway/src/http/spa-index.ts matches the same addresses.
 */
const voucherPath = /^\/voucher\/([^/]+)\/?$/.exec(window.location.pathname);
/** A member's own screens (/me, /me/sign-in): light too, like the voucher page (decision 331). */
const memberPath = /^\/me(\/sign-in)?\/?$/.test(window.location.pathname);

/**
 * The sign-in page opened with no session kept: light too (issue 40, decision 342), and it loads the app
 * once signed in. With a session kept, the app sends the user on as before.
 */
function isSignedOutLogin(): boolean {
  return /^\/login\/?$/.test(window.location.pathname) && getAuthToken() === null;
}

/**
 * The screen's words in the reader's language (decision 352), loaded beside its code rather than after
 * it: only that language's catalog of the screen's area is fetched.
 */
// i18n.ts is in the `shell` chunk, which this entry already imports (first-screen.ts): no extra file.
// The loaders of the three first areas only: the till's are the router's (a page carries no other's).
const words = (...areas: Catalog[]) => activate(undefined, areas);

if (voucherPath?.[1]) {
  const raw = voucherPath[1];
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // A malformed escape is not a voucher id; the page then says Voucher Not Found.
  }
  void Promise.all([import('./app/voucher-shell'), words(VOUCHER_CATALOGS)]).then(([{ mountVoucherShell }]) =>
    mountVoucherShell(id),
  );
} else if (memberPath) {
  // A kept member session's own language is spoken from the first draw, not after GET /api/me answers.
  setAccountLanguage(memberSession()?.member.language);
  void Promise.all([import('./app/member-shell'), words(MEMBER_CATALOGS)]).then(([{ mountMemberShell }]) =>
    mountMemberShell(),
  );
} else if (isSignedOutLogin()) {
  void Promise.all([import('./app/login-shell'), words(PUBLIC_CATALOGS)]).then(([{ mountLoginShell }]) =>
    mountLoginShell(),
  );
} else {
  prefetchFirstScreen(window.location.pathname);
  // A kept session's shell speaks from the `staff` catalog; a signed-out visitor's landing page does not need it.
  const areas =
    getAuthToken() === null ? [PUBLIC_CATALOGS] : [PUBLIC_CATALOGS, STAFF_CATALOGS, ERRORS_CATALOGS];
  void Promise.all([import('./app/app'), words(...areas)]).then(([{ mountApp }]) => mountApp());
}
