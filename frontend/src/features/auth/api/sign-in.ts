import type { AuthResponse, CompanyLoginRequest, LoginRequest } from '@avpass/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { CURRENT_USER_URL } from '@/lib/session/current-user-url';
import { storeAuthToken } from '@/lib/session/auth-storage';
import { companyLogin } from './company-login';
import { login } from './login';

export interface SignInInput {
  /** What the user typed in 'Username or Email'. */
  identifier: string;
  password: string;
}

export type SignInRequest =
  | { endpoint: 'company-login'; body: CompanyLoginRequest }
  | { endpoint: 'login'; body: LoginRequest };

/**
 * Spec section 2, routing of the credential: an e-mail goes to the company login; any username goes to the
 * login call, which the gateway answers for administrators and partner staff alike (the server decides
 * the role, so the client knows no administrator username).
 */
export async function toSignInRequest({ identifier, password }: SignInInput): Promise<SignInRequest> {
  // The request schemas load at submit, not with the sign-in page (issue 40).
  const { companyLoginRequestSchema, loginRequestSchema } = await import('@avpass/contracts/session');
  const trimmed = identifier.trim();
  if (trimmed.includes('@')) {
    return { endpoint: 'company-login', body: companyLoginRequestSchema.parse({ email: trimmed, password }) };
  }
  return { endpoint: 'login', body: loginRequestSchema.parse({ username: trimmed, password }) };
}

export async function signIn(input: SignInInput): Promise<AuthResponse> {
  const request = await toSignInRequest(input);
  return request.endpoint === 'company-login' ? companyLogin(request.body) : login(request.body);
}

interface SignInCallbacks {
  onSuccess?: (response: AuthResponse) => void;
  onError?: (error: unknown) => void;
}

/**
 * Signs in and stores the token: `isPending` while it runs. The caller primes the app's current user
 * with the answer (`primeCurrentUser`), so guards do not wait for it. A plain hook rather than TanStack
 * Query's mutation: the sign-in page loaded alone does not load TanStack Query before its form works
 * (issue 40); the app that takes over after the sign-in does.
 */
export function useSignIn() {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback((input: SignInInput, { onSuccess, onError }: SignInCallbacks = {}) => {
    setPending(true);
    signIn(input).then(
      (response) => {
        storeAuthToken(response.token);
        setPending(false);
        onSuccess?.(response);
      },
      (error: unknown) => {
        setPending(false);
        onError?.(error);
      },
    );
  }, []);
  return { mutate, isPending };
}

/** The signed-in user, as the sign-in answered: the app's current-user query starts with it. */
export function primeCurrentUser(queryClient: QueryClient, response: AuthResponse): void {
  queryClient.setQueryData([CURRENT_USER_URL], response.user);
}
