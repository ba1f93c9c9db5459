import { request as httpRequest } from 'node:http';

export interface SentBody {
  status: number;
  text: string;
  /** An error while sending the body (EPIPE, reset): the server stopped reading before the end. */
  writeError?: string;
}

/**
 * Sends a body with node:http, declared (content-length) or streamed (chunked), and reports the answer
 * and any error writing the body. Judged once the request is closed: an EPIPE after an early answer
 * (the server answered from the content-length and closed while the client was still writing) shows.
 */
export function sendBody(
  baseUrl: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; payload: Buffer; streamed?: boolean },
): Promise<SentBody> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let status = 0;
    let text = '';
    let writeError: string | undefined;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: init.method ?? 'POST',
        headers: {
          ...init.headers,
          ...(init.streamed ? {} : { 'content-length': String(init.payload.length) }),
        },
        signal: AbortSignal.timeout(30_000),
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => (status = res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => (writeError = error.message));
    req.on('close', () => resolve({ status, text, writeError }));
    if (!init.streamed) req.end(init.payload);
    else {
      const step = 256 * 1024;
      for (let at = 0; at < init.payload.length; at += step) req.write(init.payload.subarray(at, at + step));
      req.end();
    }
  });
}
