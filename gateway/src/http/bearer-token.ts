import type { AuthenticatedRequest } from '../rpc/service-caller';

/** The token of an `Authorization: Bearer …` header, or null. Read by the guards and by the request limits. */
export function bearerToken(request: Pick<AuthenticatedRequest, 'headers'>): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() ?? null;
}
