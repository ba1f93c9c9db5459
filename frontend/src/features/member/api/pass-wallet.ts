import { apiErrorOf } from '@/lib/api-client';
import { memberJson } from '../lib/member-fetch';
import { memberSession } from '../lib/member-session';

/**
 * The member pass in a wallet (issue 43, built by the wallet helper): Google's "Save to Google
 * Wallet" address, and Apple's .pkpass file. Both need the member's session (a bearer token, not a
 * cookie), so neither is a plain link: the page asks, then opens the answer.
 */
export const PASS_WALLET_URLS = {
  google: '/api/me/pass/wallet/google',
  apple: '/api/me/pass/wallet/apple',
} as const;

/** Opens Google Wallet's save page for the member's pass (only an https address is followed). */
export async function openGoogleWalletPass(): Promise<void> {
  const body = await memberJson<{ saveUrl?: unknown }>(PASS_WALLET_URLS.google, { signedIn: true });
  const saveUrl = body?.saveUrl;
  if (typeof saveUrl !== 'string' || !saveUrl.startsWith('https://'))
    throw new Error('The Google Wallet answer is not an https address.');
  window.location.assign(saveUrl);
}

/** Downloads the member's .pkpass (Safari offers to add it to Apple Wallet). */
export async function downloadApplePass(): Promise<void> {
  const token = memberSession()?.token;
  const response = await fetch(PASS_WALLET_URLS.apple, {
    headers: {
      Accept: 'application/vnd.apple.pkpass',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    credentials: 'omit',
  });
  if (!response.ok) throw await apiErrorOf(response);
  const file = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = file;
  link.download = 'member-pass.pkpass';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(file), 60_000);
}
