import type { AuthResponse, CompanyLoginRequest } from '@avpass/contracts';
import { apiJson } from '@/lib/api-client';

export const COMPANY_LOGIN_URL = '/api/auth/company-login';

/** Partner staff sign in with their e-mail (or username). */
export function companyLogin(body: CompanyLoginRequest): Promise<AuthResponse> {
  return apiJson(
    COMPANY_LOGIN_URL,
    () => import('@avpass/contracts/session').then((m) => m.authResponseSchema),
    { method: 'POST', body, token: null },
  );
}
