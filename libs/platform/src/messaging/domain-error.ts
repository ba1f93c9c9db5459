import type { DomainErrorPayload, ErrorCode, FieldErrors } from '@avpass/contracts';

/**
 * A refusal with a code and a user-facing message. Services throw it and know nothing of the
 * transport: AllRpcExceptionsFilter turns it into a DomainErrorPayload on the wire, RpcClient rebuilds
 * it on the caller's side, and the gateway maps the code to an HTTP status (gateway/src/http).
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly retryAfter?: number,
    /** More top-level fields of the error body (DomainErrorPayload.details). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static notFound(what: string): DomainError {
    return new DomainError('NOT_FOUND', `${what} not found`);
  }

  static validation(message: string, errors?: FieldErrors): DomainError {
    return new DomainError('VALIDATION_FAILED', message, errors);
  }

  static conflict(message: string, errors?: FieldErrors): DomainError {
    return new DomainError('CONFLICT', message, errors);
  }

  static forbidden(message = 'You do not have access to this'): DomainError {
    return new DomainError('FORBIDDEN', message);
  }

  static fromPayload(payload: DomainErrorPayload): DomainError {
    return new DomainError(
      payload.code,
      payload.message,
      payload.errors,
      payload.retryAfter,
      payload.details,
    );
  }

  toPayload(): DomainErrorPayload {
    return {
      code: this.code,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.retryAfter ? { retryAfter: this.retryAfter } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}
