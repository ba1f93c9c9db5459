import type { MemberPass } from '@avpass/contracts/member-pass';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberJson } from '../lib/member-fetch';
import { clockOffsetMs } from '../lib/pass-clock';

export const MY_PASS_URL = '/api/me/pass';

/** The member's pass and the server's clock as this phone reads it (server minus phone, ms). */
export interface MyPass {
  pass: MemberPass;
  offsetMs: number;
}

/** An answer that is not a pass (no zod on the member's screens, decision 304): a failed load. */
function passOf(value: unknown): MemberPass {
  const pass = value as Partial<MemberPass> | null;
  if (
    typeof pass?.stepSeconds !== 'number' ||
    pass.stepSeconds <= 0 ||
    typeof pass.serverTime !== 'string' ||
    !Array.isArray(pass.codes) ||
    !pass.codes.every((c) => typeof c?.step === 'number' && typeof c.code === 'string')
  )
    throw new Error('The answer is not a member pass.');
  return pass as MemberPass;
}

/**
 * GET /api/me/pass: the codes of the server's step and the next few minutes, and the offset between the
 * server's clock (its `serverTime`, taken at the middle of the round trip) and this phone's Date.now().
 * Asked again whenever the page comes back to the screen or online (a phone asleep in a pocket has a
 * stale offset and few codes left); the page asks too before the codes run out (member-pass-card).
 */
export const myPassQueryOptions = () =>
  queryOptions({
    queryKey: [MY_PASS_URL],
    queryFn: async ({ signal }): Promise<MyPass> => {
      const sentAt = Date.now();
      const pass = passOf(await memberJson<unknown>(MY_PASS_URL, { signal, signedIn: true }));
      return { pass, offsetMs: clockOffsetMs(pass.serverTime, sentAt, Date.now()) };
    },
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });

export const useMyPass = () => useQuery(myPassQueryOptions());
