import {
  createPinoLogger,
  httpRequestDurationSeconds,
  httpRequestsTotal,
  NestPinoLogger,
} from '@avpass/platform';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { GatewayModule } from './app.module';
import type { GatewayConfig } from './config';
import { installPathGuard } from './http/path-guard';
import { installBodyLimits } from './http/body-limits';
import { installConditionalGet } from './http/conditional-get';
import { installSessionGate, RequestLimits } from './http/request-limits';
import { PollVersions } from './http/poll-versions';
import { RouteTraits } from './http/route-traits';
import { SessionCache } from './http/session-cache';
import { QueueBoard } from './queues/queue-board';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Builds the HTTP gateway (not yet listening); tests run it in-process. */
export async function createGateway(config: GatewayConfig): Promise<NestFastifyApplication> {
  const pino = createPinoLogger('gateway', config.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    loggerInstance: pino,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // A caller's X-Request-Id is kept (when sane) so one id follows the request through every service.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.register(config), adapter, {
    logger: new NestPinoLogger(pino),
  });
  const fastify = app.getHttpAdapter().getInstance();
  installPathGuard(fastify); // before anything decides on a path: refuses ambiguous spellings (400)
  // Before any plugin (the queue board copies the parsers): JSON depth limit, 413s that every client reads.
  installBodyLimits(app, config.BODY_LIMIT_BYTES);
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installSessionGate(fastify, app.get(RequestLimits)); // issue 37: a token's burst waits before its session check
  installConditionalGet(fastify, app.get(PollVersions), app.get(SessionCache), app.get(RouteTraits)); // issue 28: 304s
  // http_requests_total and http_request_duration_seconds by route pattern (never the raw URL, so
  // the label set stays bounded; a request no route matched counts as "unmatched").
  fastify.addHook('onResponse', (request, reply, done) => {
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status: String(reply.statusCode),
    };
    httpRequestsTotal.inc(labels);
    httpRequestDurationSeconds.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  // Helmet's headers on every answer, its options parsed once here (@fastify/helmet parsed them again for
  // every request: about 5 % of the gateway's CPU on a redeem).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // MUI/emotion inject style tags
        imgSrc: ["'self'", 'data:', 'blob:'],
        // 'wasm-unsafe-eval': the till's QR reader (zxing-wasm, served from this origin) compiles
        // WebAssembly; it allows no eval of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Added per request below, only when the page is really served over https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  // `upgrade-insecure-requests` on a page served over plain http (a phone opening the LAN address)
  // makes the browser fetch every script over https, which fails: the page stays blank. Upgrade only
  // when the public origin is https (PUBLIC_URL, or this request via TLS or a trusted proxy).
  const publicOriginIsHttps = config.PUBLIC_URL?.startsWith('https:') ?? false;
  fastify.addHook('onSend', async (request, reply) => {
    if (!publicOriginIsHttps && request.protocol !== 'https') return;
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests')) {
      reply.raw.setHeader('content-security-policy', `${csp};upgrade-insecure-requests`);
    }
  });
  // Bull Board's UI (same-origin scripts and styles) loads under the CSP above.
  await app.get(QueueBoard).mount(app);
  await app.register(multipart as never, { limits: { fileSize: 10 * 1024 * 1024 + 1, files: 1 } });

  const uploads = join(config.DATA_DIR, 'uploads');
  mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic as never, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // @fastify/static 10 passes the Fastify reply here.
    setHeaders: (reply: { header(name: string, value: string): void }) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  if (existsSync(config.FRONTEND_DIST)) {
    app.useStaticAssets({
      root: config.FRONTEND_DIST,
      prefix: '/',
      index: ['index.html'],
      wildcard: true,
      // The build writes .br and .gz next to each asset; the one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        // @fastify/static 10 passes the Fastify reply (Nest's type still describes an older response).
        const reply = response as unknown as { header(name: string, value: string): void };
        // Hashed file names change with their content: cache them for a year. Everything else
        // (index.html, favicon) is revalidated, so a new build is picked up on the next visit.
        reply.header(
          'Cache-Control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('AV Pass API')
      .setDescription('REST API of AV Pass: vouchers, partners, athlete credits and merchandise.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });

  app.enableShutdownHooks();
  return app;
}
