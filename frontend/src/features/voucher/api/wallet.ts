import type { GoogleWalletLink, WalletAvailability } from '@avpass/contracts/wallet';
import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';

/*
 * The voucher page's wallet calls (issue 29). Like the voucher itself (lib/vouchers-api/get-public-voucher),
 * the answers are checked by hand instead of with the contract's zod schemas: the page keeps zod off
 * its phone-sized budget (it imports the contract's types only, which leave nothing in the bundle).
 */

/** The wallet URLs of the gateway, in one place; the availability URL is also its query key. */
export const WALLET_URLS = {
  availability: '/api/wallet',
  applePass: (id: string) => `/api/qr-codes/${encodeURIComponent(id)}/pass.pkpass`,
  googleSave: (id: string) => `/api/qr-codes/${encodeURIComponent(id)}/google-wallet`,
} as const;

const NONE: WalletAvailability = { apple: false, google: false };

/** An answer that is not `{apple, google}` offers no wallet (a badge that then fails is worse). */
export function walletAvailabilityOf(value: unknown): WalletAvailability {
  if (typeof value !== 'object' || value === null) return NONE;
  const { apple, google } = value as Partial<Record<keyof WalletAvailability, unknown>>;
  return { apple: apple === true, google: google === true };
}

let availability: Promise<WalletAvailability | undefined> | null = null;

/**
 * Which wallets are configured. It changes only with a deployment (the gateway says so with a cache of
 * a few minutes), so it is asked once per page; a failure shows no badge and is not retried. Kept by
 * hand, not in TanStack Query, which the voucher page does not load (issue 40).
 */
function walletAvailability(): Promise<WalletAvailability | undefined> {
  availability ??= apiRequest(WALLET_URLS.availability)
    .then(async (response) => walletAvailabilityOf(await response.json()))
    .catch(() => undefined);
  return availability;
}

/** The wallets the badges offer; `undefined` until the gateway answers (and after a failure). */
export function useWalletAvailability(): WalletAvailability | undefined {
  const [available, setAvailable] = useState<WalletAvailability | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void walletAvailability().then((answer) => {
      if (current) setAvailable(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  return available;
}

/**
 * GET /api/qr-codes/{id}/google-wallet: the "Save to Google Wallet" address (a link carrying the offer
 * signed by the club's service account). Throws the gateway's ApiError (404 with a message when Google
 * Wallet is not configured) or an Error when the answer is not such an address.
 */
export async function googleWalletSaveUrl(id: string): Promise<string> {
  const body = (await (await apiRequest(WALLET_URLS.googleSave(id))).json()) as Partial<GoogleWalletLink>;
  const saveUrl = body?.saveUrl;
  // Only an https address is followed (never a `javascript:` one, whatever the answer says).
  if (typeof saveUrl !== 'string' || !saveUrl.startsWith('https://')) {
    throw new Error('The Google Wallet answer is not an https address.');
  }
  return saveUrl;
}
