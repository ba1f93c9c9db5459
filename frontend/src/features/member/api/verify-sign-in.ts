import type { MemberSession } from '@avpass/contracts';
import { useMutation } from '@tanstack/react-query';
import { memberJson } from '../lib/member-fetch';
import { keepMemberSession } from '../lib/member-session';

export const VERIFY_SIGN_IN_URL = '/api/member-auth/verify';

/** POST /api/member-auth/verify: the link's token, or the phone and code, for a member session (kept). */
export async function verifySignIn(body: { token: string } | { phone: string; code: string }) {
  const session = await memberJson<MemberSession>(VERIFY_SIGN_IN_URL, { method: 'POST', body });
  keepMemberSession(session);
  return session;
}

export const useVerifySignIn = () => useMutation({ mutationFn: verifySignIn });
