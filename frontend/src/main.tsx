import { prefetchFirstScreen } from './app/first-screen';
import { VOUCHER_CATALOGS } from '@avpass/contracts/i18n/voucher-catalogs';
import { lightPageOf, voucherIdOfPath } from '@avpass/contracts/light-pages';
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
 * (a member's phone on a slow network), a member's own screens (/me, /me/sign-in, decision 331) and the
 * sign-in opened with no session kept (decision 342) theirs; every other address gets the app with its
 * router. The shared code (React, the providers and the theme) is preloaded by index.html; the rest is
 * loaded with everything it imports in parallel, together with a signed-in user's first screen (issue 28).
 * The gateway's HTML for the light pages already preloads their shell and words (decision 382): both
 * sides read the address with `lightPageOf`. With a session kept, /login loads the app, which sends the
 * user on as before.
 */
const page = lightPageOf(window.location.pathname);
const voucherId = page === 'voucher' ? voucherIdOfPath(window.location.pathname) : null;

/**
 * The screen's words in the reader's language (decision 352), loaded beside its code rather than after
 * it: only that language's catalog of the screen's area is fetched.
 */
// i18n.ts is in the `shell` chunk, which this entry already imports (first-screen.ts): no extra file.
// The loaders of the three first areas only: the till's are the router's (a page carries no other's).
const words = (...areas: Catalog[]) => activate(undefined, areas);

if (voucherId) {
  // A malformed escape is kept as sent: the page then says Voucher Not Found.
  void Promise.all([import('./app/voucher-shell'), words(VOUCHER_CATALOGS)]).then(([{ mountVoucherShell }]) =>
    mountVoucherShell(voucherId),
  );
} else if (page === 'member') {
  // A kept member session's own language is spoken from the first draw, not after GET /api/me answers.
  setAccountLanguage(memberSession()?.member.language);
  void Promise.all([import('./app/member-shell'), words(MEMBER_CATALOGS)]).then(([{ mountMemberShell }]) =>
    mountMemberShell(),
  );
} else if (page === 'login' && getAuthToken() === null) {
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
