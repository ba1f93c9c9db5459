import type { PublicVoucher } from '@avpass/contracts';
import type { WalletAvailability } from '@avpass/contracts/wallet';

/** A wallet the voucher page offers a badge for. */
export type WalletKind = 'apple' | 'google';

/**
 * A voucher worth keeping in a wallet: one that can still be used (now, or from its start date). A
 * used-up, expired or deactivated voucher's pass would arrive already voided.
 */
export function canAddToWallet(status: PublicVoucher['status']): boolean {
  return status === 'active' || status === 'upcoming';
}

/** iPhone, iPad (which says Macintosh since iPadOS 13) and Mac: Apple Wallet's own devices. */
const APPLE_DEVICE = /iPhone|iPad|iPod|Macintosh/;
const ANDROID = /Android/;

/**
 * The badges to show, in order: those the deployment is configured for, the phone's own wallet first
 * (Apple's on Apple devices, Google's on Android, Apple's then Google's elsewhere). Both stay offered
 * everywhere: an iPhone user may keep passes in Google Wallet, and a desktop visitor may be either.
 */
export function walletBadgeOrder(userAgent: string, available: WalletAvailability): WalletKind[] {
  const order: WalletKind[] =
    ANDROID.test(userAgent) && !APPLE_DEVICE.test(userAgent) ? ['google', 'apple'] : ['apple', 'google'];
  return order.filter((kind) => available[kind]);
}
