/**
 * Domain error codes. Services raise them without knowing about HTTP; the gateway maps each code to a
 * status in one place (gateway/src/http/error-mapping.ts, used by http-exception.filter.ts).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field errors: field path -> messages, as in the 400 body `{message, errors}`. */
export type FieldErrors = Record<string, string[]>;

/** What travels back over NATS when a service refuses a request. */
export interface DomainErrorPayload {
  code: ErrorCode;
  message: string;
  errors?: FieldErrors;
  /** Seconds, for RATE_LIMITED. */
  retryAfter?: number;
  /** More top-level fields of the error body, e.g. the till's `matches` on its 409 (issue 25). */
  details?: Record<string, unknown>;
}

export function isDomainErrorPayload(value: unknown): value is DomainErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as DomainErrorPayload).code === 'string' &&
    (ERROR_CODES as readonly string[]).includes((value as DomainErrorPayload).code) &&
    typeof (value as DomainErrorPayload).message === 'string'
  );
}
