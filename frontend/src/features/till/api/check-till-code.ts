import {
  tillCheckResponseSchema,
  tillMatchSchema,
  type TillCheckRequest,
  type TillCheckResponse,
  type TillMatch,
} from '@avpass/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson, ApiError } from '@/lib/api-client';
import { TILL_URLS } from './urls';

/**
 * POST /api/till/check: what the scanned or typed code is, and whether this shop may honour it now
 * (with a sale amount: the discount and what is left to pay). No write, no rate limit.
 */
export function checkTillCode(body: TillCheckRequest, signal?: AbortSignal): Promise<TillCheckResponse> {
  return apiJson(TILL_URLS.check, () => tillCheckResponseSchema, { method: 'POST', body, signal });
}

const severalMatchesSchema = z.object({ matches: z.array(tillMatchSchema).min(1) });

/**
 * The codes an 8-character entry matched, from the 409 the check and the redeem answer when it
 * matched several (the staff picks one); null for any other error.
 */
export function matchesOf(error: unknown): TillMatch[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const parsed = severalMatchesSchema.safeParse(JSON.parse(error.responseText));
    return parsed.success ? parsed.data.matches : null;
  } catch {
    return null;
  }
}

/** A mutation, not a query: each scan is one question, asked when the code is read. */
export function useTillCheck() {
  // 'always': offline the call fails at once (the till then offers its offline queue) instead of pausing.
  return useMutation({ mutationFn: (body: TillCheckRequest) => checkTillCode(body), networkMode: 'always' });
}
