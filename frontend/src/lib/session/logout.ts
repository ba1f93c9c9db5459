import type { MessageResponse } from '@avpass/contracts';
import { apiJson } from '../api-client';

export const LOGOUT_URL = '/api/auth/logout';

/** Ends the session server-side. Takes the token explicitly: the client forgets it before the call returns. */
export function logout(token: string): Promise<MessageResponse> {
  return apiJson(LOGOUT_URL, () => import('@avpass/contracts/session').then((m) => m.messageResponseSchema), {
    method: 'POST',
    token,
    keepalive: true,
  });
}
