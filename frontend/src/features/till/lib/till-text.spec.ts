import { TILL_REFUSALS } from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import { cameraProblemOf, CAMERA_MESSAGES } from './camera';
import { REFUSAL_TITLES, refusalTitle, usesLeftText } from './till-text';

describe('the till in words', () => {
  it('has a headline for every refusal the contract names', () => {
    for (const refusal of TILL_REFUSALS) expect(REFUSAL_TITLES[refusal], refusal).toBeTruthy();
    expect(refusalTitle({ refusal: 'used_up' })).toBe('Used up');
    expect(refusalTitle({ refusal: 'not_valid_here' })).toBe('Not valid at this shop');
    expect(refusalTitle({})).toBe('Cannot be redeemed');
  });

  it('says how many uses are left', () => {
    expect(usesLeftText(null, 0)).toBe('Unlimited');
    expect(usesLeftText(2, 3)).toBe('2 of 3 left');
    expect(usesLeftText(0, 3)).toBe('None left');
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
      expect(message.text).toMatch(/type the code below/i);
  });
});
