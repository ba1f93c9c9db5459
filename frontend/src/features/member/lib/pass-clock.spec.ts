import { describe, expect, it } from 'vitest';
import { clockOffsetMs, passNow, PASS_REFETCH_BELOW_STEPS, serverStep } from './pass-clock';

const STEP_MS = 30_000;
/** A server instant 12 s into step 59_000_000 (2026-02-…): steps are floor(unix seconds / 30). */
const SERVER_STEP = 59_000_000;
const SERVER_NOW = SERVER_STEP * STEP_MS + 12_000;

/** The server's answer: the code of its current step and the next 9 (what GET /api/me/pass sends). */
const answer = (fromStep = SERVER_STEP, count = 10) => ({
  stepSeconds: 30,
  codes: Array.from({ length: count }, (_, i) => ({ step: fromStep + i, code: `CODE-${fromStep + i}` })),
});

/** The offset a phone keeps after asking at `sentAt` (its clock) and hearing back `rttMs` later. */
function offsetFor(phoneClockOffMs: number, rttMs: number) {
  // The server answers in the middle of the round trip, at SERVER_NOW; the phone reads its own clock.
  const phoneAtAnswer = SERVER_NOW + phoneClockOffMs;
  const sentAt = phoneAtAnswer - rttMs / 2;
  const receivedAt = phoneAtAnswer + rttMs / 2;
  return { offset: clockOffsetMs(new Date(SERVER_NOW).toISOString(), sentAt, receivedAt), receivedAt };
}

describe('the member pass’s clock', () => {
  it('keeps the server’s time minus the phone’s, corrected by half the round trip', () => {
    // Asked at 1000, answered at 1600 (phone clock); the server said 2300: it was 2300 at phone's 1300.
    expect(clockOffsetMs(new Date(2300).toISOString(), 1000, 1600)).toBe(1000);
    const { offset } = offsetFor(0, 800);
    expect(offset).toBe(0);
  });

  it('shows the server step’s code on a phone whose clock is 5 minutes fast or slow', () => {
    for (const off of [5 * 60_000, -5 * 60_000, 0, 29_000, -31_000]) {
      const { offset, receivedAt } = offsetFor(off, 400);
      const now = passNow(answer(), offset, receivedAt);
      expect(now, `clock off by ${off} ms`).toMatchObject({ kind: 'code', code: `CODE-${SERVER_STEP}` });
      // The phone's own clock alone would have picked another step (or none) when off by a step or more.
      const naive = passNow(answer(), 0, receivedAt);
      if (Math.abs(off) >= STEP_MS) expect(naive).not.toMatchObject({ code: `CODE-${SERVER_STEP}` });
    }
  });

  it('moves to the next code when the server’s step changes, counting down to it', () => {
    const { offset, receivedAt } = offsetFor(5 * 60_000, 0);
    expect(passNow(answer(), offset, receivedAt)).toMatchObject({
      msToNext: 18_000,
      step: SERVER_STEP,
      elapsed: 12 / 30,
    });
    expect(passNow(answer(), offset, receivedAt + 17_999)).toMatchObject({ code: `CODE-${SERVER_STEP}` });
    expect(passNow(answer(), offset, receivedAt + 18_000)).toMatchObject({
      code: `CODE-${SERVER_STEP + 1}`,
      msToNext: 30_000,
    });
    expect(serverStep(30, offset, receivedAt + 18_000)).toBe(SERVER_STEP + 1);
  });

  it('asks for new codes once fewer than 4 steps are left, and shows none when they run out', () => {
    const { offset, receivedAt } = offsetFor(-5 * 60_000, 200);
    const at = (steps: number) => passNow(answer(), offset, receivedAt + steps * STEP_MS);
    // 10 codes: steps 0–6 from now leave 10 … 4 in hand; step 7 leaves 3.
    expect(at(6)).toMatchObject({ kind: 'code', stepsLeft: PASS_REFETCH_BELOW_STEPS, refetch: false });
    expect(at(7)).toMatchObject({
      kind: 'code',
      stepsLeft: 3,
      refetch: true,
      code: `CODE-${SERVER_STEP + 7}`,
    });
    expect(at(9)).toMatchObject({
      kind: 'code',
      stepsLeft: 1,
      refetch: true,
      code: `CODE-${SERVER_STEP + 9}`,
    });
    // The last code's step is over: nothing shown (an old code would be refused as a screenshot); the
    // answer came 100 ms (half the round trip) before the phone read it.
    expect(at(10)).toEqual({ kind: 'none', step: SERVER_STEP + 10, msToNext: 17_900, refetch: true });
    expect(at(60)).toMatchObject({ kind: 'none' });
  });

  it('shows no code for a step it was not given (an answer from the future or with a gap)', () => {
    const { offset, receivedAt } = offsetFor(0, 0);
    expect(passNow(answer(SERVER_STEP + 1), offset, receivedAt)).toMatchObject({ kind: 'none' });
    const gap = { stepSeconds: 30, codes: answer().codes.filter((c) => c.step !== SERVER_STEP + 2) };
    expect(passNow(gap, offset, receivedAt + 2 * STEP_MS)).toMatchObject({ kind: 'none' });
    expect(passNow(gap, offset, receivedAt + 3 * STEP_MS)).toMatchObject({ kind: 'code', stepsLeft: 7 });
  });

  it('a server time it cannot read keeps the phone’s clock (offset 0)', () => {
    expect(clockOffsetMs('not a time', 1000, 2000)).toBe(0);
  });
});
