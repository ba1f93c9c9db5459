import { messageResponseSchema, type ChangePasswordRequest, type MessageResponse } from '@avpass/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';

export const CHANGE_PASSWORD_URL = '/api/admin/change-password';

/** Other sessions of the user end server-side; this one stays. */
export function changePassword(body: ChangePasswordRequest): Promise<MessageResponse> {
  return apiJson(CHANGE_PASSWORD_URL, () => messageResponseSchema, { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
