import type { AuthResponse, LoginRequest } from '@avpass/contracts';
import { apiJson } from '@/lib/api-client';

export const LOGIN_URL = '/api/auth/login';

/** Sign in by username (the gateway accepts any user here and answers with the real role). */
export function login(body: LoginRequest): Promise<AuthResponse> {
  return apiJson(LOGIN_URL, () => import('@avpass/contracts/session').then((m) => m.authResponseSchema), {
    method: 'POST',
    body,
    token: null,
  });
}
