import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withCode } from './error-mapping';

/**
 * Bytes that must never arrive percent-encoded in a path: what the router would decode into
 * something a string test on the raw URL reads differently (letters, digits, `-._~`: `/%61dmin` is
 * routed as `/admin`), or into a separator (`/`, `\`, `;`), a dot segment, double encoding (`%`) or
 * a control character. No browser or client library encodes them: such a path is made by hand.
 */
function refusedEncodedByte(byte: number): boolean {
  if (byte < 0x20 || byte === 0x7f) return true; // control characters, NUL
  const char = String.fromCharCode(byte);
  return /[A-Za-z0-9\-._~/\\;%]/.test(char);
}

/**
 * Why a request target's path is ambiguous, or null when it has one reading. Only the path is
 * judged (up to the first `?`); the query is left to the routes. Refused: a path not starting with
 * `/`; a raw control character, space, non-ASCII byte, backslash, `;` or `#`; invalid
 * percent-encoding or encoded bytes that are not UTF-8; an encoded byte of refusedEncodedByte; an
 * empty segment (`//`, a trailing `/` excepted); a `.` or `..` segment, or one ending in `.`.
 */
export function ambiguousPath(url: string): string | null {
  const end = url.indexOf('?');
  const path = end < 0 ? url : url.slice(0, end);
  if (!path.startsWith('/')) return 'The request path must start with "/".';
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f)
      return 'The request path has a control character, a space or a non-ASCII byte.';
    const char = path[i];
    if (char === '\\') return 'The request path has a backslash.';
    if (char === ';') return 'The request path has a ";" parameter.';
    if (char === '#') return 'The request path has a "#".';
    if (char === '%') {
      const byte = /^[0-9A-Fa-f]{2}$/.test(path.slice(i + 1, i + 3))
        ? parseInt(path.slice(i + 1, i + 3), 16)
        : NaN;
      if (Number.isNaN(byte)) return 'The request path has invalid percent-encoding.';
      if (refusedEncodedByte(byte))
        return 'The request path has a percent-encoded character that must be sent as it is (a letter, digit, ".", "/", "\\", ";", "%" or a control character).';
      i += 2;
    }
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'The request path has invalid percent-encoding.';
  }
  // Encoded `/` and `.` were refused above, so the decoded path has the raw path's segments.
  const segments = decoded.split('/').slice(1);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === '' && i < segments.length - 1) return 'The request path has an empty segment ("//").';
    if (segment === '.' || segment === '..') return 'The request path has a "." or ".." segment.';
    // `admin.` is `admin` to some file systems and proxies (Windows drops trailing dots).
    if (segment.endsWith('.')) return 'The request path has a segment ending in ".".';
  }
  return null;
}

/**
 * Refuses (400) every request whose path could be read two ways, before routing decisions matter:
 * every access decision (route-level guards, the queue board's session hook, the SPA fallback) is then
 * made on the one path the router matched. The router is case-sensitive and keeps `//` and `;` as
 * they are (asserted here): `/ADMIN/QUEUES` matches no route.
 */
export function installPathGuard(fastify: FastifyInstance): void {
  const router = (fastify.initialConfig as { routerOptions?: Record<string, unknown> }).routerOptions ?? {};
  if (router.caseSensitive === false || router.ignoreDuplicateSlashes || router.useSemicolonDelimiter) {
    throw new Error(
      'The path guard assumes a case-sensitive router that keeps "//" and ";" (caseSensitive, ignoreDuplicateSlashes, useSemicolonDelimiter)',
    );
  }
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const reason = ambiguousPath(request.url);
    if (!reason) return;
    await reply
      .status(400)
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        withCode(400, { message: `${reason} Send the address in its plain form.`, requestId: request.id }),
      );
  });
}
