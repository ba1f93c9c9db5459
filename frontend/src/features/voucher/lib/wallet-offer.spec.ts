import { describe, expect, it } from 'vitest';
import { canAddToWallet, walletBadgeOrder } from './wallet-offer';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const BOTH = { apple: true, google: true };

describe('the wallet badges a voucher page shows', () => {
  it('puts Apple Wallet first on an iPhone, an iPad and a Mac', () => {
    expect(walletBadgeOrder(IPHONE, BOTH)).toEqual(['apple', 'google']);
    expect(walletBadgeOrder(IPAD, BOTH)).toEqual(['apple', 'google']);
  });

  it('puts Google Wallet first on Android', () => {
    expect(walletBadgeOrder(ANDROID, BOTH)).toEqual(['google', 'apple']);
  });

  it('shows both, Apple first, anywhere else', () => {
    expect(walletBadgeOrder(WINDOWS, BOTH)).toEqual(['apple', 'google']);
  });

  it('shows only the wallets the deployment is configured for', () => {
    expect(walletBadgeOrder(ANDROID, { apple: true, google: false })).toEqual(['apple']);
    expect(walletBadgeOrder(IPHONE, { apple: false, google: true })).toEqual(['google']);
    expect(walletBadgeOrder(IPHONE, { apple: false, google: false })).toEqual([]);
  });

  it('offers a pass only for a voucher that can still be used', () => {
    expect(canAddToWallet('active')).toBe(true);
    expect(canAddToWallet('upcoming')).toBe(true);
    expect(canAddToWallet('used_up')).toBe(false);
    expect(canAddToWallet('expired')).toBe(false);
    expect(canAddToWallet('inactive')).toBe(false);
  });
});
