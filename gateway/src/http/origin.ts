import type { FastifyRequest } from 'fastify';

/** What an origin is read from: Fastify's protocol and host honour X-Forwarded-* only from a trusted proxy. */
export type OriginRequest = Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>;

/** A page's origin as a browser sends it: scheme and authority, nothing after. */
const HTTP_ORIGIN = /^https?:\/\/[^/\s?#@]+$/;
/** A host name or address with an optional port (a Host header could carry anything). */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The site's public origin, where a QR's link points: PUBLIC_URL when configured; else the origin of
 * the page that sent the request (the browser's Origin header); else the address the request came to,
 * by its protocol and Host (X-Forwarded-Proto and X-Forwarded-Host when TRUST_PROXY trusts the proxy).
 */
export function publicOriginOf(req: OriginRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const origin = req.headers.origin;
  if (typeof origin === 'string' && HTTP_ORIGIN.test(origin)) return origin;
  const host = HOST.test(req.host) ? req.host : 'localhost';
  return `${req.protocol}://${host}`;
}

/**
 * The `deploymentUrl` added to a create call (a voucher, a batch, a trainer code, an exclusive): none
 * when the client sent its own, else this site's public origin.
 */
export function deploymentUrlOf(
  body: unknown,
  req: OriginRequest,
  publicUrl: string | undefined,
): { deploymentUrl?: string } {
  const sent = (body ?? {}) as { deploymentUrl?: unknown };
  if (typeof sent.deploymentUrl === 'string' && sent.deploymentUrl.trim()) return {};
  return { deploymentUrl: publicOriginOf(req, publicUrl) };
}
