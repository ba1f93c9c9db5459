import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent: still gzipped when the answer says so (node:http does not undo it; fetch does). */
  body: Buffer;
}

/** GETs `url` with exactly `headers` (fetch would add its own Accept-Encoding) and keeps the body as sent. */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

/** The answer's text, gunzipped when it came gzipped. */
export const textOf = (answer: RawAnswer): string =>
  (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8');
