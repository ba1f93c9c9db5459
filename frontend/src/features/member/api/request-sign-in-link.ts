import type { SignInSent } from '@avpass/contracts';
import { useMutation } from '@tanstack/react-query';
import { memberJson } from '../lib/member-fetch';

export const SIGN_IN_LINK_URL = '/api/member-auth/link';

/** POST /api/member-auth/link: a magic link by e-mail (the same answer for every address). */
export const requestSignInLink = (email: string) =>
  memberJson<SignInSent>(SIGN_IN_LINK_URL, { method: 'POST', body: { email } });

export const useRequestSignInLink = () => useMutation({ mutationFn: requestSignInLink });
