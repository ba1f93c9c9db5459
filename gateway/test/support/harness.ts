import { SERVICE_NAMES, type ServiceName } from '@avpass/contracts';
import { createServiceApp } from '@avpass/platform';
import {
  createTestDatabase,
  dropTestNamespace,
  testNamespace,
  testServiceEnv,
} from '@avpass/platform/testing';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGateway, loadGatewayConfig } from '../../src';

export const ADMIN = { username: 'admin', password: 'admin-test-password' };

export interface Harness {
  url: string;
  env: NodeJS.ProcessEnv;
  /** The in-process services, in start order (tests may close one to simulate an outage). */
  services: INestMicroservice[];
  /** The in-process service of that name (throws when the harness did not start it). */
  service(name: ServiceName): INestMicroservice;
  /** The gateway app itself. */
  gateway: INestApplication;
  dataDir: string;
  adminToken(): Promise<string>;
  api(
    path: string,
    init?: RequestInit & { token?: string | null; json?: unknown },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export type HarnessService = ServiceName;

/**
 * Starts one service in this process, from its definition (`<name>Service` exported by
 * `@avpass/<name>-service`, the alias vitest.config.ts derives from SERVICES), with the harness's
 * environment. Only the services a test asks for are imported.
 */
async function startService(name: ServiceName, env: NodeJS.ProcessEnv): Promise<INestMicroservice> {
  const module = (await import(`@avpass/${name}-service`)) as Record<string, unknown>;
  const definition = module[`${name}Service`] as Parameters<typeof createServiceApp>[0] | undefined;
  if (!definition) throw new Error(`@avpass/${name}-service exports no ${name}Service`);
  return createServiceApp(definition, { env });
}

export interface HarnessOptions {
  /** Services to run in-process (identity is always started: the gateway needs it). Default identity, partners. */
  services?: HarnessService[];
  /** Rewrites the environment once the test database exists (fault tests route it through proxies). */
  rewriteEnv?: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
}

/**
 * The gateway with the chosen services, in this process, on a fresh database and NATS namespace,
 * against the real PostgreSQL, Redis and NATS.
 */
export async function startHarness(
  extraEnv: NodeJS.ProcessEnv = {},
  options: HarnessOptions = {},
): Promise<Harness> {
  const db = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'avpass-gw-'));
  const baseEnv = testServiceEnv({
    DATABASE_URL: db.url,
    NATS_NAMESPACE: testNamespace(),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: dataDir,
    PORT: '0',
    FRONTEND_DIST: join(dataDir, 'no-frontend'),
    ...extraEnv,
  });
  const env = options.rewriteEnv ? options.rewriteEnv(baseEnv) : baseEnv;
  const services: INestMicroservice[] = [];
  const byName = new Map<ServiceName, INestMicroservice>();
  const wanted = new Set<HarnessService>(['identity', ...(options.services ?? ['partners'])]);
  for (const name of SERVICE_NAMES)
    if (wanted.has(name)) {
      const app = await startService(name, env);
      services.push(app);
      byName.set(name, app);
    }
  const gateway: INestApplication = await createGateway(loadGatewayConfig(env));
  // PORT '0' (the default) takes a free port; a test that must know its public URL first sets one.
  await gateway.listen({ port: Number(env.PORT) || 0, host: '127.0.0.1' } as never);
  const url = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');

  let token: string | null = null;
  const harness: Harness = {
    url,
    env,
    services,
    service(name) {
      const app = byName.get(name);
      if (!app) throw new Error(`the harness did not start ${name}`);
      return app;
    },
    gateway,
    dataDir,
    async api(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      let body = init.body;
      const method = (init.method ?? 'GET').toUpperCase();
      if (init.json !== undefined && method !== 'GET' && method !== 'HEAD') {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const res = await fetch(`${url}${path}`, { ...init, headers, body: body ?? null });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async adminToken() {
      if (token) return token;
      const res = await harness.api('/api/auth/login', { method: 'POST', json: ADMIN });
      if (res.status !== 200)
        throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
      token = res.body.token as string;
      return token;
    },
    async close() {
      await gateway.close();
      for (const s of services.reverse()) await s.close();
      await db.drop();
      await dropTestNamespace(String(env.NATS_NAMESPACE));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** A partner company with one portal user, signed in; returns ids and the user's token. */
export async function createPartnerWithUser(h: Harness, name: string) {
  const admin = await h.adminToken();
  const vendor = await h.api('/api/vendors', {
    method: 'POST',
    token: admin,
    json: { name, email: `${name.toLowerCase().replace(/\W+/g, '')}@example.com` },
  });
  if (vendor.status !== 201)
    throw new Error(`create vendor: ${vendor.status} ${JSON.stringify(vendor.body)}`);
  const username = `${name.toLowerCase().replace(/\W+/g, '')}-staff`;
  const user = await h.api(`/api/partners/${vendor.body.id}/users`, {
    method: 'POST',
    token: admin,
    json: { username, password: 'staff-password', email: `${username}@example.com` },
  });
  if (user.status !== 201) throw new Error(`create user: ${user.status} ${JSON.stringify(user.body)}`);
  const login = await h.api('/api/auth/company-login', {
    method: 'POST',
    json: { username, password: 'staff-password' },
  });
  return {
    companyId: vendor.body.id as string,
    userId: user.body.id as string,
    username,
    token: login.body.token as string,
  };
}
