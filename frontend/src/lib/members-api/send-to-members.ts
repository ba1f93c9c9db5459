import type { ConsentChannel } from '@avpass/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { MEMBER_URLS } from './urls';

/** What to send: a voucher or a batch, to chosen members or a tag, by e-mail and/or SMS. */
export type SendSource = { qrCodeId: string } | { batchId: string };
export type SendAudience = { memberIds: string[] } | { tag: string };
export type SendToMembersRequest = SendSource & SendAudience & { channels: ConsentChannel[] };

export const sendAnswerSchema = {
  parse(value: unknown): { sendId: string | null; queued: number } {
    const body = (value ?? {}) as { sendId?: unknown; queued?: unknown };
    if (typeof body.queued !== 'number') throw new Error('The answer did not say how many were queued');
    return { sendId: typeof body.sendId === 'string' ? body.sendId : null, queued: body.queued };
  },
};

/**
 * POST /api/members/send with an Idempotency-Key kept until a definitive answer (decision 80): pressing
 * Send again after a 503 or a lost connection cannot send twice.
 */
export function useSendToMembers() {
  const mutationFn = useIdempotentMutationFn('members-send', (body: SendToMembersRequest, key: string) =>
    apiJson(MEMBER_URLS.send, () => sendAnswerSchema, {
      method: 'POST',
      body,
      headers: idempotencyHeader(key),
    }),
  );
  return useMutation({ mutationFn });
}
