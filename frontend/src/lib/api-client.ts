import type { FieldErrors } from '@avpass/contracts';
import { inactivityTimeoutMs } from '@/config/env';
import { takeEarlyAnswer } from './early-answers';
import { clearAuthToken, getAuthToken } from './session/auth-storage';
import { msSinceServerContact, noteServerContact, signOutReasonOf401 } from './session/server-contact';

/**
 * A non-OK answer. `message` follows the spec's rule (`${status}: ${text}`); `serverMessage` is the
 * `message` of the JSON error body, which is what users are shown.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly responseText: string,
    readonly serverMessage: string | null,
    readonly fieldErrors: FieldErrors,
    readonly requestId: string | null,
    /** The answer's Retry-After in milliseconds (a busy server's 503, a 429), when it said. */
    readonly retryAfterMs: number | null = null,
    /** The body's stable `code` (decision 356) and its `params`: a screen says it in the reader's language. */
    readonly code: string | null = null,
    readonly params: Record<string, unknown> = {},
    /** `errorCodes`: field -> its errors' codes, in the order of `fieldErrors`. */
    readonly fieldCodes: Record<string, { code: string; params?: Record<string, unknown> }[]> = {},
  ) {
    super(`${status}: ${responseText}`);
  }
}

/** Retry-After in milliseconds: seconds (the server's form) or an HTTP date; null when absent. */
export function retryAfterMsOf(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * A poll the server turned away because it is busy (issue 28: 503 with Retry-After): not a failure to
 * show, a request to ask again later.
 */
export function isShedAnswer(error: unknown): error is ApiError & { retryAfterMs: number } {
  return error instanceof ApiError && error.status === 503 && error.retryAfterMs !== null;
}

/** Sign-in calls answer 401 for wrong credentials; that must not look like an ended session. */
const SIGN_IN_PATHS = new Set(['/api/auth/login', '/api/auth/company-login']);

function pathOf(url: string): string {
  return new URL(url, window.location.origin).pathname;
}

const nonEmptyString = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

/**
 * The one reading of an error answer: the JSON body's `message` (else its `error` text), field errors
 * and request id; a body that is not JSON (a proxy's HTML error page, say) keeps the raw text only.
 */
export function apiErrorFrom(status: number, text: string, retryAfterMs: number | null = null): ApiError {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null) {
      const { message, error, errors, requestId, code, params, errorCodes } = body as Record<string, unknown>;
      return new ApiError(
        status,
        text,
        nonEmptyString(message) ?? nonEmptyString(error),
        typeof errors === 'object' && errors !== null ? (errors as FieldErrors) : {},
        typeof requestId === 'string' ? requestId : null,
        retryAfterMs,
        nonEmptyString(code),
        typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {},
        typeof errorCodes === 'object' && errorCodes !== null ? (errorCodes as ApiError['fieldCodes']) : {},
      );
    }
  } catch {
    // Not JSON: no server message.
  }
  return new ApiError(status, text, null, {}, null, retryAfterMs);
}

/** The ApiError of a non-OK response (reads its body and its Retry-After). */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = (await response.text().catch(() => '')) || response.statusText;
  return apiErrorFrom(response.status, text, retryAfterMsOf(response.headers.get('retry-after')));
}

async function throwIfNotOk(url: string, response: Response, sinceContactMs: number): Promise<void> {
  if (response.ok) return;
  const error = await apiErrorOf(response);
  if (response.status === 401 && !SIGN_IN_PATHS.has(pathOf(url))) {
    // The session ended server-side; guards then send the visitor to /login (public pages stay put),
    // saying so when it was the server's inactivity timeout.
    clearAuthToken(signOutReasonOf401(sinceContactMs, inactivityTimeoutMs()));
  }
  throw error;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send this token instead of the stored one (logout sends the token it is ending). */
  token?: string | null;
  keepalive?: boolean;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export async function apiRequest(url: string, options: ApiRequestOptions = {}): Promise<Response> {
  const token = options.token === undefined ? getAuthToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A FormData body goes as multipart: the browser writes the Content-Type with its boundary.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const sinceContactMs = msSinceServerContact();
  const ask = () =>
    fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: multipart
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  // A plain GET of the first screen may have been asked for by index.html already (issue 40).
  const plainGet = (options.method ?? 'GET') === 'GET' && options.body === undefined && !options.headers;
  const response = await ((plainGet ? takeEarlyAnswer(url, token, ask) : null) ?? ask());
  noteServerContact();
  await throwIfNotOk(url, response, sinceContactMs);
  return response;
}

/** A contract schema, as the client uses it: something that reads an answer. */
export interface AnswerSchema<T> {
  parse: (value: unknown) => T;
}

/**
 * How a call names the schema its answer is checked with: a function that gives it, at once
 * (`() => vendorSchema`) or once loaded (`() => import('@avpass/contracts/session').then((m) => m.currentUserSchema)`,
 * `lazySchema`). A first screen's call loads it, so zod and the contracts stay out of the first load
 * (issue 40) and load while the request is in flight; a screen that holds its schemas already gives them.
 */
export type SchemaLoader<T> = () => AnswerSchema<T> | Promise<AnswerSchema<T>>;

/** The schema a loader gives; asked for now (before the request), so both travel together. */
export function loadSchema<T>(loader: SchemaLoader<T>): Promise<AnswerSchema<T>> {
  const loading = Promise.resolve().then(loader);
  loading.catch(() => undefined); // awaited later; a failed request must not leave it unhandled
  return loading;
}

/** A JSON call whose answer is checked against its contract schema. */
export async function apiJson<T>(
  url: string,
  schema: SchemaLoader<T>,
  options: ApiRequestOptions = {},
): Promise<T> {
  const loading = loadSchema(schema);
  const response = await apiRequest(url, options);
  const body: unknown = await response.json();
  return (await loading).parse(body);
}

/** A multipart form's parts in order: text fields and files; a null or undefined part is left out. */
export type UploadParts = Record<string, string | Blob | null | undefined>;

/**
 * The one multipart upload: the parts as a form, the signed-in user's token, errors read as for every
 * call; the JSON answer is checked against its schema, and an answer of another shape is an ApiError
 * whose message is `invalidMessage` (none: the caller's fallback text is shown).
 */
export async function apiUpload<T>(
  url: string,
  parts: UploadParts,
  schema: { parse: (value: unknown) => T },
  options: { method?: 'POST' | 'PUT'; invalidMessage?: string } = {},
): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (value !== null && value !== undefined) body.append(name, value);
  }
  const response = await apiRequest(url, { method: options.method ?? 'POST', body });
  const text = await response.text();
  try {
    return schema.parse(JSON.parse(text));
  } catch {
    throw new ApiError(response.status, text, options.invalidMessage ?? null, {}, null);
  }
}

/** The text to show a user for a failed call: the server's message, else the given fallback. */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

/** Server field errors flattened to the first message per field, for forms. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors)
      .filter(([, messages]) => Array.isArray(messages) && messages.length > 0)
      .map(([field, messages]) => [field, messages[0] as string]),
  );
}
