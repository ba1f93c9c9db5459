import type { DomainErrorPayload, ErrorCode, FieldErrors } from '@avpass/contracts';
import { RpcException } from '@nestjs/microservices';

/**
 * A refusal with a code and a user-facing message. Services throw it; the gateway maps the code to an
 * HTTP status (it knows nothing of HTTP here).
 */
export class DomainError extends RpcException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly retryAfter?: number,
  ) {
    super({
      code,
      message,
      ...(errors ? { errors } : {}),
      ...(retryAfter ? { retryAfter } : {}),
    } satisfies DomainErrorPayload);
    this.message = message;
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
}
