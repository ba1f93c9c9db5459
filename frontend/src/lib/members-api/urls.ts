import { ApiError } from '@/lib/api-client';

/** Every members URL of issue 41, in one place. TanStack Query keys start with the URL. */
export const MEMBER_URLS = {
  list: '/api/members',
  member: (id: string) => `/api/members/${encodeURIComponent(id)}`,
  exportData: (id: string) => `/api/members/${encodeURIComponent(id)}/export`,
  merge: (id: string) => `/api/members/${encodeURIComponent(id)}/merge`,
  vouchers: (id: string) => `/api/members/${encodeURIComponent(id)}/vouchers`,
  /** The member's athlete credits and balance (decision 336). */
  credits: (id: string) => `/api/members/${encodeURIComponent(id)}/credits`,
  deliveries: (id: string) => `/api/members/${encodeURIComponent(id)}/deliveries`,
  /** The member's photo: GET its signed URL, PUT a new one (multipart), DELETE it (decision 372). */
  photo: (id: string) => `/api/members/${encodeURIComponent(id)}/photo`,
  resend: (id: string, deliveryId: string) =>
    `/api/members/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
  importCsv: '/api/members/import',
  send: '/api/members/send',
  sendProgress: (sendId: string) => `/api/members/sends/${encodeURIComponent(sendId)}`,
  channels: '/api/members/channels',
} as const;

/** A URL with the query's defined, non-empty values. */
export function withQuery(url: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** "Ana García", or the e-mail or phone when the member has no name left (an erased row never lists). */
export function memberName(member: { firstName: string; lastName: string }): string {
  return `${member.firstName} ${member.lastName}`.trim();
}

/**
 * A route this server does not have yet (another helper's part of issue 41 not merged): the gateway's
 * bare 404 "Not found", not a refusal of the service's own ("Member not found").
 */
export function isMissingRoute(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 404 &&
    (error.serverMessage === null || error.serverMessage === 'Not found')
  );
}
