import { Logger } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRegistry, type MetricsCollector } from './metrics';

/** One dependency check of /readyz: resolves when the dependency answers, rejects with why not. */
export type ReadinessCheck = () => Promise<void>;

export interface OperatorServerOptions {
  /** The app's name (for its log lines). */
  name: string;
  port: number;
  /** The address to listen on (OPERATOR_HOST); loopback by default, never every interface unasked. */
  host?: string;
  /** When set, /metrics needs `Authorization: Bearer <metricsToken>` (METRICS_TOKEN); probes stay open. */
  metricsToken?: string;
  /** The app's own dependencies, checked by /readyz once start-up finished. */
  readiness: Record<string, ReadinessCheck>;
  /** Longest a readiness check may take before it counts as failing. */
  readinessTimeoutMs?: number;
}

/**
 * The operator port (docs/decisions/0026-probes-and-metrics-live-on-an-operator-port.md): plain node:http,
 * never the gateway's public port. GET /metrics (Prometheus text), GET /healthz (200 while the process runs),
 * GET /readyz (200 once start-up finished and the app's own dependencies answer, else 503 with the failing
 * checks). It listens on loopback unless told otherwise (OPERATOR_HOST), and /metrics may ask for a bearer
 * token (METRICS_TOKEN): the probes stay open, they reveal nothing.
 */
export class OperatorServer {
  private readonly logger: Logger;
  private readonly collectors: MetricsCollector[] = [];
  private readonly server: Server;
  private started = false;
  /** SHA-256 of METRICS_TOKEN (null: /metrics is open). */
  private readonly tokenDigest: Buffer | null;

  constructor(private readonly options: OperatorServerOptions) {
    this.logger = new Logger('OperatorPort');
    this.server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      if (path === '/healthz') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
      } else if (path === '/readyz') {
        void this.readiness().then(({ ok, body }) =>
          res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        );
      } else if (path === '/metrics') {
        if (!this.authorised(req)) {
          res
            .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' })
            .end('metrics need Authorization: Bearer <METRICS_TOKEN>\n');
          return;
        }
        void this.scrape().then(
          (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
          (error: unknown) => {
            this.logger.error(`scrape failed: ${(error as Error).message}`);
            res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
          },
        );
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      }
    });
    // A scraper or probe that keeps its connection open must not hold up shutdown.
    this.server.keepAliveTimeout = 5000;
    this.tokenDigest = options.metricsToken ? digest(options.metricsToken) : null;
  }

  /** No token configured, or the request's bearer token is it (compared in constant time). */
  private authorised(req: IncomingMessage): boolean {
    if (!this.tokenDigest) return true;
    const match = /^Bearer ([^\s]+)$/i.exec(req.headers.authorization ?? '');
    return match !== null && timingSafeEqual(digest(match[1]!), this.tokenDigest);
  }

  /** A gauge refreshed on every scrape (a failing collector logs and leaves its gauge as it was). */
  addCollector(collector: MetricsCollector): void {
    this.collectors.push(collector);
  }

  /** Start-up finished: /readyz now checks the dependencies instead of answering 503. */
  markStarted(): void {
    this.started = true;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host ?? '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const { address } = this.address ?? {};
    this.logger.log(`${this.options.name}: /metrics, /healthz, /readyz on ${address}, port ${this.port}`);
  }

  /** Where it listens (null before listen()). */
  get address(): AddressInfo | null {
    return this.server.address() as AddressInfo | null;
  }

  get port(): number {
    return (this.server.address() as AddressInfo | null)?.port ?? this.options.port;
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async scrape(): Promise<string> {
    await Promise.all(
      this.collectors.map(async (collect) => {
        try {
          await collect();
        } catch (error) {
          this.logger.warn(`a metrics collector failed: ${(error as Error).message}`);
        }
      }),
    );
    return metricsRegistry.metrics();
  }

  private async readiness(): Promise<{ ok: boolean; body: Record<string, unknown> }> {
    if (!this.started) return { ok: false, body: { status: 'starting' } };
    const timeoutMs = this.options.readinessTimeoutMs ?? 3000;
    const checks: Record<string, string> = {};
    await Promise.all(
      Object.entries(this.options.readiness).map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            check(),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
            }),
          ]);
          checks[name] = 'up';
        } catch (error) {
          checks[name] = `down: ${(error as Error).message}`;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const ok = Object.values(checks).every((state) => state === 'up');
    return { ok, body: { status: ok ? 'ready' : 'not ready', checks } };
  }
}

/** Equal-length inputs for timingSafeEqual, whatever the token's length. */
function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}
