import type { FastifyReply, FastifyRequest } from 'fastify';
import { gzipSync } from 'node:zlib';
import { etagMatches } from './voucher-snapshot';

/** Smaller pages go as they are: the headers would be most of what gzip saves. */
const MIN_BYTES = 1024;
/** The gzipped pages kept: a voucher page is ~6 KB gzipped, so at most ~6 MB. */
const MAX_KEPT = 1000;

/**
 * The app's HTML answers (a light page's index.html, the voucher page with its card), gzipped for a
 * browser that accepts it: a phone on mobile data reads the voucher page's 20 KB as 6 KB, its code for
 * the till a round of bandwidth sooner (issue 40). The static files go pre-compressed from the build;
 * these pages are built per request, so each is gzipped once and kept, by its content (the voucher
 * page's ETag hashes it), the oldest dropped first.
 */
export class HtmlAnswer {
  private readonly zipped = new Map<string, Buffer>();

  /**
   * Sends `html` with `status`, gzipped when the request accepts gzip; the answer varies by
   * Accept-Encoding. With an `etag` (a hash of `html`, also the key its gzip is kept by) it is sent, weak
   * for the gzipped answer (RFC 9110: the same page in another coding), and a request whose
   * If-None-Match names it, in either form, gets a 304.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    html: string,
    { status = 200, etag }: { status?: number; etag?: string } = {},
  ): void {
    const vary = reply.getHeader('vary');
    void reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const gzip = html.length >= MIN_BYTES && acceptsGzip(request.headers['accept-encoding']);
    if (etag) {
      void reply.header('etag', gzip ? `W/${etag}` : etag);
      if (etagMatches(request.headers['if-none-match'], etag)) {
        void reply.status(304).send();
        return;
      }
    }
    void reply.status(status).type('text/html; charset=utf-8');
    if (!gzip) void reply.send(html);
    else void reply.header('content-encoding', 'gzip').send(this.gzipped(etag ?? html, html));
  }

  private gzipped(key: string, html: string): Buffer {
    let body = this.zipped.get(key);
    if (body) return body;
    body = gzipSync(html);
    if (this.zipped.size >= MAX_KEPT) this.zipped.delete(this.zipped.keys().next().value as string);
    this.zipped.set(key, body);
    return body;
  }
}

/** Whether an Accept-Encoding header takes gzip: named, or under `*`, and not with q=0. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const weights = new Map<string, number>();
  for (const coding of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = coding
      .toLowerCase()
      .split(';')
      .map((part) => part.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const weight = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}
