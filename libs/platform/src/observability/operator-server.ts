import { Logger } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRegistry, type MetricsCollector } from './metrics';

/** One dependency check of /readyz: resolves when the dependency answers, rejects with why not. */
export type ReadinessCheck = () => Promise<void>;

export interface OperatorServerOptions {
  /** The app's name (for its log lines). */
  name: string;
  port: number;
  host?: string;
  /** The app's own dependencies, checked by /readyz once start-up finished. */
  readiness: Record<string, ReadinessCheck>;
  /** Longest a readiness check may take before it counts as failing. */
  readinessTimeoutMs?: number;
}

/**
 * The operator port (docs/decisions.md 26): plain node:http, never the gateway's public port.
 * GET /metrics (Prometheus text), GET /healthz (200 while the process runs), GET /readyz (200 once
 * start-up finished and the app's own dependencies answer, else 503 with the failing checks).
 */
export class OperatorServer {
  private readonly logger: Logger;
  private readonly collectors: MetricsCollector[] = [];
  private readonly server: Server;
  private started = false;

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
      this.server.listen(this.options.port, this.options.host ?? '0.0.0.0', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.logger.log(`${this.options.name}: /metrics, /healthz, /readyz on port ${this.port}`);
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
