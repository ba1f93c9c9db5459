import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../rpc/service-caller';

const KEY_DESCRIPTION =
  '1-200 visible ASCII characters. A retry with the same key (same user, same call) answers the first ' +
  'outcome and changes nothing again; the same key with a different request is a 409.';

/**
 * What a redeem route says of its key (issue 37): our own clients always send one, and a redeem without
 * one can be committed yet answered 503 (a lost answer), so retrying it may count a second use.
 */
export const REDEEM_WITHOUT_KEY_WARNING =
  'Send one with every redeem: a redeem without an Idempotency-Key is not retry-safe. Its answer can be ' +
  'lost (a 503, a timeout, a dropped connection) after the use was counted, and sending it again counts ' +
  'another use; with a key, the retry answers the first outcome.';

/**
 * Documents the optional `Idempotency-Key` header of a call that moves money, stock or a use. Its
 * value goes to the service as the payload's `idempotencyKey` (idempotencyOf), where the subject's
 * contract checks it (400 when it is not 1-200 visible ASCII characters) and `Idempotency` (platform)
 * runs the call once per key: a retry with the same key gets the first answer. `redeem`: the route
 * counts a use, and says that without a key it is not retry-safe (header and 503 answer); `note` adds
 * what else that route requires of its key; `kept` how long a key answers (idempotency_keys: 24 hours).
 */
export function ApiIdempotencyKey(
  options: { redeem?: boolean; note?: string; kept?: string } = {},
): MethodDecorator {
  const warning = options.redeem ? ` ${REDEEM_WITHOUT_KEY_WARNING}` : '';
  const kept = ` Kept ${options.kept ?? '24 hours'}.`;
  return applyDecorators(
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: `${KEY_DESCRIPTION}${kept}${options.note ? ` ${options.note}` : ''}${warning}`,
    }),
    ...(options.redeem
      ? [
          ApiResponse({
            status: 503,
            description: `The service did not answer in time; the use may have been counted. ${REDEEM_WITHOUT_KEY_WARNING}`,
          }),
        ]
      : []),
  );
}

/** The request's `Idempotency-Key` header as the payload field the service's contract checks, or nothing. */
export function idempotencyOf(req: AuthenticatedRequest): { idempotencyKey?: string } {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return {};
  // A repeated header arrives joined ("a, b"): the contract refuses the space.
  return { idempotencyKey: Array.isArray(key) ? key.join(', ') : key };
}
