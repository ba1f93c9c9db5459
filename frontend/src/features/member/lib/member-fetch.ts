import { apiErrorOf } from '@/lib/api-client';
import { endMemberSessionHere, memberSession } from './member-session';

/**
 * A member's call: JSON in and out, the member's token (never the staff one), no schema (the member's
 * screens load no zod, like the voucher page, decision 304). A 401 on /api/me ends the member session
 * here only; it never touches a staff session kept in the same browser.
 */
export async function memberJson<T>(
  url: string,
  options: {
    method?: 'GET' | 'POST' | 'PATCH';
    body?: unknown;
    signal?: AbortSignal;
    signedIn?: boolean;
    /** Extra request headers (an Idempotency-Key). */
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.signedIn ? memberSession()?.token : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    credentials: 'omit',
  });
  if (!response.ok) {
    if (response.status === 401 && options.signedIn) endMemberSessionHere();
    throw await apiErrorOf(response);
  }
  return (await response.json()) as T;
}
