import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startHarness, type Harness } from './support/harness';
import { bodyRoutes, concretePath } from './support/routes';
import { sendBody } from './support/send-body';

// Issue 22 #5 and #6: an oversized body gets a readable 413 whatever the client (Node's fetch keeps
// writing while the answer comes back), and JSON nested deeper than 64 levels a 400 on every route.
let h: Harness;
let admin: string;
let boardCookie: string;

beforeAll(async () => {
  h = await startHarness({}, { services: [] });
  admin = await h.adminToken();
  const session = await fetch(`${h.url}/api/queues/session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(session.status).toBeLessThan(300);
  boardCookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect(boardCookie).toMatch(/=/);
}, 120_000);
afterAll(async () => h?.close());

const FIVE_MB = 5 * 1024 * 1024;
const TOO_LARGE = 'The request is too large.';

/** Arrays nested `depth` deep: [[[…]]]. */
const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** Objects nested `depth` deep: {"a":{"a":…{}}}. */
const objects = (depth: number) => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

async function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(`${h.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    // A streamed body (no content-length) needs half-duplex.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    signal: AbortSignal.timeout(30_000),
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

describe('an oversized body is answered 413 with its message, never a reset', () => {
  const body = JSON.stringify({ username: 'admin', password: 'x'.repeat(FIVE_MB) });

  it('5 MB of JSON to the login, 20 times in a row with Node fetch', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await post('/api/auth/login', body);
      expect(res.status, `try ${i + 1}: ${res.text.slice(0, 200)}`).toBe(413);
      expect(res.json()).toMatchObject({ message: TOO_LARGE, requestId: expect.any(String) });
    }
  }, 120_000);

  const sendRaw = (path: string, headers: Record<string, string>, payload: Buffer, streamed: boolean) =>
    sendBody(h.url, path, { headers, payload, streamed });

  it('node:http sends every byte without a write error and reads the answer: JSON, an unknown type, a photo', async () => {
    const json = { 'content-type': 'application/json' };
    const boundary = 'AvPassBoundary';
    const photo = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(15 * 1024 * 1024, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const cases = [
      ['login, declared', '/api/auth/login', json, Buffer.from(body), false, 413, TOO_LARGE],
      ['login, streamed', '/api/auth/login', json, Buffer.from(body), true, 413, TOO_LARGE],
      [
        'a signed-in route',
        '/api/vendors',
        { ...json, authorization: `Bearer ${admin}` },
        Buffer.from(body),
        false,
        413,
        TOO_LARGE,
      ],
      [
        'an unknown type',
        '/api/auth/login',
        { 'content-type': 'application/xml' },
        Buffer.from(body),
        false,
        415,
        'Unsupported Media Type',
      ],
      [
        'a 15 MB photo',
        '/api/upload/vendor-photo',
        { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}` },
        photo,
        false,
        413,
        'Please select a file smaller than 10MB',
      ],
    ] as const;
    for (let i = 0; i < 5; i++) {
      for (const [label, path, headers, payload, streamed, status, message] of cases) {
        const res = await sendRaw(path, headers, payload, streamed);
        const what = `${label}, try ${i + 1}`;
        expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBe(status);
        expect(JSON.parse(res.text), what).toMatchObject({ message, requestId: expect.any(String) });
        expect(res.writeError, what).toBeUndefined();
      }
    }
  }, 120_000);

  it('5 MB streamed by fetch without a content-length, from a client still writing when the answer comes', async () => {
    for (let i = 0; i < 5; i++) {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent >= FIVE_MB) return controller.close();
          await new Promise((resolve) => setTimeout(resolve, 2)); // a slow uplink
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const res = await post('/api/auth/login', stream);
      expect(res.status, `try ${i + 1}: ${res.text.slice(0, 200)}`).toBe(413);
      expect(res.json()).toMatchObject({ message: TOO_LARGE });
    }
  }, 120_000);
});

describe('JSON nested deeper than 64 levels is a 400 on every route', () => {
  it('the route list is the gateway’s own (it found the JSON and the queue board routes)', () => {
    const paths = bodyRoutes(h.gateway).map((r) => `${r.method} ${r.path}`);
    expect(paths).toContain('POST /api/auth/login');
    expect(paths).toContain('PUT /api/partner-allocations/:id');
    expect(paths).toContain('POST /admin/queues/api/queues/:queueName/add');
    expect(paths.length).toBeGreaterThan(50);
  });

  it('depth 5,000 (arrays and objects) → 400 with a readable message on every route that takes a body', async () => {
    const headers = { authorization: `Bearer ${admin}`, cookie: boardCookie };
    for (const { method, path } of bodyRoutes(h.gateway)) {
      for (const [shape, body] of [
        ['arrays', arrays(5000)],
        ['objects', objects(5000)],
      ] as const) {
        const res = await fetch(`${h.url}${concretePath(path)}`, {
          method,
          headers: { 'content-type': 'application/json', ...headers },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        expect(res.status, `${method} ${path} (${shape}): ${text.slice(0, 200)}`).toBe(400);
        expect(JSON.parse(text).message, `${method} ${path}`).toMatch(/nested too deeply/);
      }
    }
  }, 120_000);

  it('depth 64 is still JSON (the sign-in goes through); depth 65 is refused', async () => {
    // {username, password, extra: 63 arrays} is 64 levels in all.
    const login = (depth: number) =>
      `{"username":${JSON.stringify(ADMIN.username)},"password":${JSON.stringify(ADMIN.password)},"extra":${arrays(depth - 1)}}`;
    const ok = await post('/api/auth/login', login(64));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json().token).toEqual(expect.any(String));
    const deep = await post('/api/auth/login', login(65));
    expect(deep.status, deep.text).toBe(400);
    expect(deep.json().message).toMatch(/nested too deeply/);
  });

  it('brackets inside strings do not count, and __proto__ / constructor.prototype are still refused', async () => {
    const brackets = await post(
      '/api/auth/login',
      JSON.stringify({ username: 'nobody', password: `${'['.repeat(500)}"\\{${'{'.repeat(500)}` }),
    );
    expect(brackets.status, brackets.text).toBe(401);
    for (const poisoned of [
      '{"username":"admin","password":"x","__proto__":{"isAdmin":true}}',
      '{"username":"admin","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await post('/api/auth/login', poisoned);
      expect(res.status, `${poisoned}: ${res.text}`).toBe(400);
      expect(res.json().message).toMatch(/not valid JSON/);
    }
    const broken = await post('/api/auth/login', '{"username": ');
    expect(broken.status).toBe(400);
    expect(broken.json().message).toMatch(/not valid JSON/);
  });
});
