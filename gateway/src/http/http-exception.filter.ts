import { lightPageOf, requestLanguage, type FieldErrors } from '@avpass/contracts';
import {
  DependencyOutageLog,
  DomainError,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableDependency,
} from '@avpass/platform';
import {
  Catch,
  HttpException,
  Logger,
  NotFoundException,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_STATUS_BY_CODE, withCode, type ErrorBody } from './error-mapping';
import { HtmlAnswer } from './html-answer';
import { SpaIndex } from './spa-index';

/**
 * Every error leaves as `{message, code, params?, errors?, requestId}` with the right status: `message`
 * in English as before, `code` for a screen to say it in the reader's language (issue 42). Unknown non-API GETs
 * are the React app's routes: they get index.html (the SPA fallback).
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrors');
  private readonly outages = new DependencyOutageLog(this.logger);

  constructor(
    private readonly spa: SpaIndex,
    private readonly htmlAnswer: HtmlAnswer,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const path = request.url.split('?')[0] ?? '/';

    if (exception instanceof NotFoundException && isAppRoute(request.method, path) && this.spa.html) {
      // A light page (the sign-in, a member's screens) preloads its words in the reader's language.
      const page = lightPageOf(path);
      let html = this.spa.html;
      if (page) {
        const language = requestLanguage(request.headers.cookie, request.headers['accept-language']);
        html = this.spa.htmlFor(page, language) ?? html;
        void reply.header('vary', 'Cookie, Accept-Language');
      }
      void reply.header('cache-control', 'no-cache');
      this.htmlAnswer.send(request, reply, html);
      return;
    }

    const described = this.describe(exception, request.id);
    const { status, retryAfter } = described;
    const body = withCode(status, described.body);
    if (status >= 500 && status !== 503) {
      this.logger.error(
        `${request.method} ${path} failed (${request.id}): ${exception instanceof Error ? exception.stack : String(exception)}`,
      );
    }
    // Every 503 says when to come back (a dependency or service outage is short-lived).
    const wait = retryAfter ?? (status === 503 ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined);
    if (wait) void reply.header('retry-after', String(wait));
    void reply.status(status).type('application/json; charset=utf-8').send(body);
  }

  private describe(
    exception: unknown,
    requestId: string,
  ): { status: number; body: ErrorBody; retryAfter?: number } {
    if (exception instanceof DomainError) {
      return {
        status: HTTP_STATUS_BY_CODE[exception.code],
        body: {
          // Extra fields first: message, errors and requestId always win.
          ...exception.details,
          message: exception.message,
          ...(exception.errors ? { errors: exception.errors } : {}),
          requestId,
        },
        ...(exception.retryAfter ? { retryAfter: exception.retryAfter } : {}),
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        status === 404
          ? 'Not found'
          : status === 413
            ? 'The request is too large.'
            : status === 401
              ? 'Please sign in to continue.'
              : typeof response === 'string'
                ? response
                : String((response as { message?: unknown }).message ?? exception.message);
      const errors = typeof response === 'object' ? (response as { errors?: FieldErrors }).errors : undefined;
      return { status, body: { message, ...(errors ? { errors } : {}), requestId } };
    }
    // Fastify's own errors (body too large, malformed JSON, multipart limits) carry a statusCode.
    const fastifyError = exception as { statusCode?: number; code?: string; message?: string };
    if (
      typeof fastifyError?.statusCode === 'number' &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      const message =
        fastifyError.statusCode === 413 ? 'The request is too large.' : friendlyFastifyMessage(fastifyError);
      return { status: fastifyError.statusCode, body: { message, requestId } };
    }
    // The gateway's own Redis (queues) or PostgreSQL (health) unreachable: an outage, not a bug.
    const dependency = unavailableDependency(exception);
    if (dependency) {
      this.outages.down(dependency, exception instanceof Error ? exception.message : undefined);
      return {
        status: 503,
        body: { message: 'AV Pass is temporarily unavailable. Please try again in a moment.', requestId },
        retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS,
      };
    }
    return {
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again.', requestId },
    };
  }
}

/**
 * Whether an unknown GET is one of the React app's pages. Never a path under the API, the uploads,
 * the health check or the queue board, however it is spelt (case, encoding): those answer 404.
 */
function isAppRoute(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  let plain = path;
  try {
    plain = decodeURIComponent(path);
  } catch {
    return false;
  }
  plain = plain.toLowerCase().replace(/[/\\]+/g, '/');
  return !/^\/(api|uploads|health|admin\/queues)/.test(plain);
}

function friendlyFastifyMessage(error: { code?: string; message?: string }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send JSON.';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The file is too large.';
    default:
      return error.code?.startsWith('FST_ERR_CTP') || /JSON/.test(error.message ?? '')
        ? 'The request body is not valid JSON.'
        : (error.message ?? 'Bad request');
  }
}
