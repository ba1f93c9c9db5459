import { TILL_REFUSALS } from '@avpass/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import type { MessageId } from '@/i18n/message-id';
import { wordsIn } from '@/i18n/test-words';
import { cameraProblemOf, CAMERA_MESSAGES } from './camera';
import { holderText, memberUsesText, refusalTitle, usesLeftText } from './till-text';

let t: Translate<MessageId>;
let es: Translate<MessageId>;
beforeAll(async () => {
  [{ t }, { t: es }] = await Promise.all([wordsIn('en'), wordsIn('es')]);
});

describe('the till in words', () => {
  it('has a headline for every refusal the contract names', () => {
    for (const refusal of TILL_REFUSALS)
      for (const words of [t, es]) {
        const title = refusalTitle({ refusal }, words);
        expect(title, refusal).toBeTruthy();
        expect(title, refusal).not.toBe(`till.refusal.${refusal}`);
      }
    expect(refusalTitle({ refusal: 'used_up' }, t)).toBe('Used up');
    expect(refusalTitle({ refusal: 'used_up' }, es)).toBe('Sin usos');
    expect(refusalTitle({ refusal: 'not_valid_here' }, t)).toBe('Not valid at this shop');
    expect(refusalTitle({}, t)).toBe('Cannot be redeemed');
  });

  it('says how many uses are left', () => {
    expect(usesLeftText(null, 0, t)).toBe('Unlimited');
    expect(usesLeftText(2, 3, t)).toBe('2 of 3 left');
    expect(usesLeftText(0, 3, t)).toBe('None left');
  });

  it("says a holder's uses per member and names the holder by first name and initial", () => {
    expect(memberUsesText({ used: 2, limit: 3, period: 'month' }, t)).toBe('2 of 3 this month');
    expect(memberUsesText({ used: 2, limit: 3, period: 'month' }, es)).toBe('2 de 3 este mes');
    expect(memberUsesText({ used: 0, limit: 1, period: 'day' }, t)).toBe('0 of 1 today');
    expect(memberUsesText({ used: 1, limit: 2, period: 'week' }, t)).toBe('1 of 2 this week');
    expect(memberUsesText({ used: 0, limit: 1, period: 'ever' }, t)).toBe('0 of 1');
    expect(memberUsesText({ used: 1, limit: 2, period: 'ever' }, t)).toBe('1 of 2');
    expect(memberUsesText({ used: 1, limit: 1, period: 'ever' }, t)).toBe(
      'Already used once — one per member',
    );
    expect(holderText({ firstName: 'Ana', lastInitial: 'G' })).toBe('Ana G.');
    expect(holderText({ firstName: 'Bo', lastInitial: '' })).toBe('Bo');
  });

  it('tells a refused camera from a missing or busy one', () => {
    const named = (name: string) => Object.assign(new Error(name), { name });
    expect(cameraProblemOf(named('NotAllowedError'))).toBe('refused');
    expect(cameraProblemOf(named('NotFoundError'))).toBe('absent');
    expect(cameraProblemOf(named('OverconstrainedError'))).toBe('absent');
    expect(cameraProblemOf(named('NotReadableError'))).toBe('busy');
    expect(cameraProblemOf(new TypeError('x'))).toBe('failed');
    expect(cameraProblemOf(null)).toBe('failed');
    for (const message of Object.values(CAMERA_MESSAGES))
      expect(t(message.text)).toMatch(/type the code below/i);
  });
});
