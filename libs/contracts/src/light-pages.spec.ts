import { describe, expect, it } from 'vitest';
import { lightPageOf, voucherIdOfPath } from './light-pages';

describe('lightPageOf', () => {
  it('names the sign-in, a member’s screens and a voucher, with or without a closing slash', () => {
    expect(['/login', '/login/'].map(lightPageOf)).toEqual(['login', 'login']);
    expect(['/me', '/me/', '/me/sign-in', '/me/sign-in/'].map(lightPageOf)).toEqual(Array(4).fill('member'));
    expect(['/voucher/abc', '/voucher/abc/'].map(lightPageOf)).toEqual(['voucher', 'voucher']);
  });

  it('leaves every other address to the app, an encoded spelling included', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/login/x',
      '/me/history',
      '/voucher',
      '/voucher/',
      '/voucher/a/b',
      '/%6Cogin',
    ])
      expect([path, lightPageOf(path)]).toEqual([path, null]);
  });
});

describe('voucherIdOfPath', () => {
  it('reads the id, decoded, and keeps a malformed escape as sent', () => {
    expect(voucherIdOfPath('/voucher/3f2a')).toBe('3f2a');
    expect(voucherIdOfPath('/voucher/a%20b/')).toBe('a b');
    expect(voucherIdOfPath('/voucher/%E0%A4%A')).toBe('%E0%A4%A');
    expect(voucherIdOfPath('/login')).toBeNull();
  });
});
