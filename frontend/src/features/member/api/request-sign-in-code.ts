import type { SignInSent } from '@avpass/contracts';
import { useMutation } from '@tanstack/react-query';
import { memberJson } from '../lib/member-fetch';

export const SIGN_IN_CODE_URL = '/api/member-auth/code';

/** POST /api/member-auth/code: a 6-digit code by SMS (the same answer for every number). */
export const requestSignInCode = (phone: string) =>
  memberJson<SignInSent>(SIGN_IN_CODE_URL, { method: 'POST', body: { phone } });

export const useRequestSignInCode = () => useMutation({ mutationFn: requestSignInCode });
