import {
  passKeysResponseSchema,
  passRevocationsPageSchema,
  tillPassResponseSchema,
  type PassKeysResponse,
  type PassRevocationsPage,
  type TillPassRequest,
  type TillPassResponse,
} from '@avpass/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { TILL_URLS } from './urls';

/**
 * POST /api/till/pass: a scanned member pass (issue 43): accepted with the holder and the member's
 * vouchers valid at this shop, or refused with the reason (a static code: asks for the second factor).
 */
export function scanTillPass(body: TillPassRequest, signal?: AbortSignal): Promise<TillPassResponse> {
  return apiJson(TILL_URLS.pass, () => tillPassResponseSchema, { method: 'POST', body, signal });
}

/** A mutation: each scan is one question ('always': offline it fails at once, the till judges it itself). */
export function useTillPass() {
  return useMutation({ mutationFn: (body: TillPassRequest) => scanTillPass(body), networkMode: 'always' });
}

/** GET /api/till/pass-keys: the public keys the till verifies passes with offline. */
export function getPassKeys(signal?: AbortSignal): Promise<PassKeysResponse> {
  return apiJson(TILL_URLS.passKeys, () => passKeysResponseSchema, { signal });
}

/** GET /api/till/pass-revocations: one page of the members whose pass moved on, whole or since `since`. */
export function getPassRevocations(
  query: { since?: string; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<PassRevocationsPage> {
  const params = new URLSearchParams();
  if (query.since !== undefined) params.set('since', query.since);
  if (query.cursor !== undefined) params.set('cursor', query.cursor);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const search = params.toString();
  return apiJson(
    `${TILL_URLS.passRevocations}${search ? `?${search}` : ''}`,
    () => passRevocationsPageSchema,
    {
      signal,
    },
  );
}
