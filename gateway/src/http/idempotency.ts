import { applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '../rpc/service-caller';

/**
 * Documents the optional `Idempotency-Key` header of a call that moves money, stock or a use. Its
 * value goes to the service as the payload's `idempotencyKey` (idempotencyOf), where the subject's
 * contract checks it (400 when it is not 1-200 visible ASCII characters) and `Idempotency` (platform)
 * runs the call once per key: a retry with the same key gets the first answer.
 */
export function ApiIdempotencyKey(): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        '1-200 visible ASCII characters. A retry with the same key (same user, same call) answers the first ' +
        'outcome and changes nothing again; the same key with a different request is a 409. Kept 24 hours.',
    }),
  );
}

/** The request's `Idempotency-Key` header as the payload field the service's contract checks, or nothing. */
export function idempotencyOf(req: AuthenticatedRequest): { idempotencyKey?: string } {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return {};
  // A repeated header arrives joined ("a, b"): the contract refuses the space.
  return { idempotencyKey: Array.isArray(key) ? key.join(', ') : key };
}
