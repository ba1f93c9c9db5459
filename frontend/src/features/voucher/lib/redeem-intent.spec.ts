import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isUnconfirmedRedeem, useRedeemIntent } from './redeem-intent';

/** The tab's sessionStorage: survives a reload of the page (a new component, a new hook). */
class FakeSessionStorage {
  readonly items = new Map<string, string>();
  getItem = (name: string) => this.items.get(name) ?? null;
  setItem = (name: string, value: string) => void this.items.set(name, value);
  removeItem = (name: string) => void this.items.delete(name);
}

let session: FakeSessionStorage;
beforeEach(() => {
  session = new FakeSessionStorage();
  vi.stubGlobal('window', { sessionStorage: session });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Renders the voucher page's redeem hook once, as a page load does, and returns its intent. */
function loadRedeemPage(voucherId: string) {
  let intent: ReturnType<typeof useRedeemIntent> | undefined;
  function Probe() {
    intent = useRedeemIntent(voucherId);
    return null;
  }
  renderToString(createElement(Probe));
  return intent!;
}

// The shape of the page's ApiError (its status is all that decides).
const answered = (status: number) => Object.assign(new Error(`${status}`), { name: 'ApiError', status });

describe('a redeem press that got no definitive answer', () => {
  it('is unconfirmed after a 503, a gateway timeout or a lost connection, so the key is kept', () => {
    expect(isUnconfirmedRedeem(answered(503))).toBe(true);
    expect(isUnconfirmedRedeem(answered(504))).toBe(true);
    expect(isUnconfirmedRedeem(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('is definitive after a refusal such as used up, expired or rate limited', () => {
    expect(isUnconfirmedRedeem(answered(409))).toBe(false);
    expect(isUnconfirmedRedeem(answered(410))).toBe(false);
    expect(isUnconfirmedRedeem(answered(429))).toBe(false);
    expect(isUnconfirmedRedeem(answered(404))).toBe(false);
  });
});

describe('the public voucher page', () => {
  it('keeps a pending redeem key across a reload until a definitive answer, then removes it', () => {
    const firstLoad = loadRedeemPage('v-1');
    const pending = firstLoad.key(); // the press answered 503: not settled
    expect(firstLoad.key()).toBe(pending);
    expect([...session.items.values()]).toEqual([pending]);

    const reloaded = loadRedeemPage('v-1');
    expect(reloaded.key()).toBe(pending); // the retry after the reload asks about the same redemption
    expect(loadRedeemPage('v-2').key()).not.toBe(pending); // another voucher: another intent

    reloaded.settle(); // the server answered (redeemed, or refused)
    expect([...session.items.values()]).not.toContain(pending);
    expect(loadRedeemPage('v-1').key()).not.toBe(pending);
  });
});
