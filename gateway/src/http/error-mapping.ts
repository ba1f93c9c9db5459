import type { ErrorCode, FieldErrors } from '@avpass/contracts';
import { messageCode, STATUS_CODES } from '@avpass/contracts/message-codes';

/** The one place where domain error codes become HTTP statuses. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

export interface ErrorBody {
  message: string;
  /** The message's stable code (libs/contracts/src/message-codes.ts; decision 356). */
  code?: string;
  /** The values in the message, by the names its code's text gives them. */
  params?: Record<string, string>;
  errors?: FieldErrors;
  /** Beside `errors`: each field's messages as codes, in the same order. */
  errorCodes?: Record<string, { code: string; params?: Record<string, string> }[]>;
  requestId: string;
}

/** The body with its message's code (and values), or its status's code when no entry says it. */
export function withCode(status: number, body: ErrorBody): ErrorBody {
  const found = messageCode(body.message);
  const code = found?.code ?? STATUS_CODES[status] ?? (status >= 500 ? 'server.error' : 'request.invalid');
  const { message, errors, requestId, ...extra } = body;
  return {
    ...extra,
    message,
    code,
    ...(found?.params ? { params: found.params } : {}),
    ...(errors ? { errors, errorCodes: fieldCodes(errors) } : {}),
    requestId,
  };
}

function fieldCodes(errors: FieldErrors): NonNullable<ErrorBody['errorCodes']> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((message) => messageCode(message) ?? { code: 'request.invalid' }),
    ]),
  );
}
