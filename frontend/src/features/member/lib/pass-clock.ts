/**
 * Which code of the member's pass to show now (issue 43, decision 367). The code must be the one of
 * the server's time step, never the phone's own: a phone whose clock is minutes off would otherwise
 * show a code the till refuses. GET /api/me/pass says when the server answered (`serverTime`); the
 * phone keeps the offset between that moment (taken at the middle of the request's round trip) and its
 * own clock, and reads the server's time as its own clock plus that offset.
 */

/** Fewer steps than this left in hand (the current one counted): ask for new codes. */
export const PASS_REFETCH_BELOW_STEPS = 4;

export interface PassCodes {
  stepSeconds: number;
  codes: readonly { step: number; code: string }[];
}

/**
 * Server time minus phone time (ms), from one answer: the server's clock read somewhere between the
 * request leaving and the answer arriving, taken as their middle (half the round trip each way).
 */
export function clockOffsetMs(serverTime: string, sentAtMs: number, receivedAtMs: number): number {
  const server = Date.parse(serverTime);
  if (!Number.isFinite(server)) return 0;
  return server - (sentAtMs + receivedAtMs) / 2;
}

export type PassNow =
  | {
      kind: 'code';
      code: string;
      step: number;
      /** Until the next step begins by the server's clock (ms). */
      msToNext: number;
      /** How far into this step (0 … 1), for the progress bar. */
      elapsed: number;
      /** Codes in hand from this one on, this one included. */
      stepsLeft: number;
      /** Time to ask for more (fewer than PASS_REFETCH_BELOW_STEPS left). */
      refetch: boolean;
    }
  /** No code for the server's step in hand (they ran out, or none came): show none, ask again. */
  | { kind: 'none'; step: number; msToNext: number; refetch: true };

/** The server's step now, read from the phone's clock and the kept offset. */
export function serverStep(stepSeconds: number, offsetMs: number, phoneNowMs: number): number {
  return Math.floor((phoneNowMs + offsetMs) / (stepSeconds * 1000));
}

/** The code to show at `phoneNowMs` (the phone's Date.now()), given the codes and the kept offset. */
export function passNow(pass: PassCodes, offsetMs: number, phoneNowMs: number): PassNow {
  const stepMs = pass.stepSeconds * 1000;
  const serverNow = phoneNowMs + offsetMs;
  const step = Math.floor(serverNow / stepMs);
  const intoStep = serverNow - step * stepMs;
  const msToNext = stepMs - intoStep;
  const current = pass.codes.find((c) => c.step === step);
  if (!current) return { kind: 'none', step, msToNext, refetch: true };
  const stepsLeft = pass.codes.filter((c) => c.step >= step).length;
  return {
    kind: 'code',
    code: current.code,
    step,
    msToNext,
    elapsed: intoStep / stepMs,
    stepsLeft,
    refetch: stepsLeft < PASS_REFETCH_BELOW_STEPS,
  };
}
