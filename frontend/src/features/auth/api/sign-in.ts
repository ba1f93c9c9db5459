import type { AuthResponse, CompanyLoginRequest, LoginRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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

/** Signs in, stores the token and primes the current-user query so guards do not wait for it. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (response) => {
      queryClient.setQueryData([CURRENT_USER_URL], response.user);
      storeAuthToken(response.token);
    },
  });
}
