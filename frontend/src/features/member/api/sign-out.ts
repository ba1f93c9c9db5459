import { useMutation } from '@tanstack/react-query';
import { memberJson } from '../lib/member-fetch';
import { endMemberSessionHere } from '../lib/member-session';

export const SIGN_OUT_URL = '/api/me/sign-out';

/** POST /api/me/sign-out: ends the session on the server, then here (here too when the call fails). */
export async function signOut(): Promise<void> {
  try {
    await memberJson(SIGN_OUT_URL, { method: 'POST', signedIn: true });
  } finally {
    endMemberSessionHere();
  }
}

export const useSignOut = () => useMutation({ mutationFn: signOut });
