import { describe, expect, it } from 'vitest';
import { signOutReasonOf401 } from './server-contact';

const TEN_MINUTES = 600_000;

describe('why a 401 ended the session', () => {
  it('after about ten minutes without a request it was the server’s inactivity timeout', () => {
    expect(signOutReasonOf401(TEN_MINUTES, TEN_MINUTES)).toBe('idle');
    expect(signOutReasonOf401(TEN_MINUTES - 60_000, TEN_MINUTES)).toBe('idle');
    expect(signOutReasonOf401(3_600_000, TEN_MINUTES)).toBe('idle');
  });

  it('sooner than that it ended for another reason (signed out elsewhere, deactivated)', () => {
    expect(signOutReasonOf401(5_000, TEN_MINUTES)).toBe('unauthorized');
    expect(signOutReasonOf401(TEN_MINUTES - 120_000, TEN_MINUTES)).toBe('unauthorized');
  });
});
