import {
  applyDecorators,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, mergeMap, type Observable } from 'rxjs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
/** Smaller answers go as they are: gzip would save little and cost a round through the thread pool. */
const MIN_BYTES = 8 * 1024;

/**
 * Gzips a route's JSON answer when the client accepts it (the other JSON answers are small, and a
 * proxy in front may do it; the app's HTML pages have html-answer.ts, decision 383). For answers that
 * are big by design: a page of the till's offline copy is ~250 KB of JSON and ~25 KB gzipped
 * (decision 153).
 */
@Injectable()
export class GzipAnswerInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const accepts = /\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''));
    return next.handle().pipe(
      mergeMap((body: unknown) => {
        reply.header('vary', 'accept-encoding');
        const json = JSON.stringify(body);
        if (!accepts || json === undefined || Buffer.byteLength(json) < MIN_BYTES) return [body];
        return from(
          gzipAsync(json).then((zipped) => {
            reply.header('content-type', 'application/json; charset=utf-8');
            reply.header('content-encoding', 'gzip');
            return zipped;
          }),
        );
      }),
    );
  }
}

/** The route's answer is gzipped for clients that accept it. */
export function GzipAnswer() {
  return applyDecorators(UseInterceptors(GzipAnswerInterceptor));
}
