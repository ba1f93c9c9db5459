import type { RevokePassResponse } from '@avpass/contracts/member-pass';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberJson } from '../lib/member-fetch';
import { MY_PASS_URL } from './get-my-pass';

export const REVOKE_MY_PASS_URL = '/api/me/pass/revoke';

/**
 * POST /api/me/pass/revoke: "Lost your phone?" The pass version moves on, so every code shown so far
 * (the old phone's, any screenshot) is refused. One Idempotency-Key per confirmed press (the dialog
 * makes it), so a retry after a lost answer replaces the pass once. The old codes are dropped at once
 * and the new ones asked for: nothing shows a code the till now refuses.
 */
export function useRevokeMyPass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      memberJson<RevokePassResponse>(REVOKE_MY_PASS_URL, {
        method: 'POST',
        signedIn: true,
        // Spelled out, not @/lib/idempotency's helper: the shell the voucher page loads stays as it was.
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => queryClient.resetQueries({ queryKey: [MY_PASS_URL] }),
  });
}
