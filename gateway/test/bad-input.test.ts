import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusiveBody } from './support/bodies';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';
import { pathVariants, rawRequest } from './support/path-variants';
import { sendBody } from './support/send-body';

// Bad input is the client's mistake: a 4xx with a message, never a 500 and never a hang.
let h: Harness;
let admin: string;
let codeId: string;
let vendorId: string;
let userId: string;
let companyToken: string;
/** A merch item with one stock line, one allocation of it, an athlete credit and one of its purchases. */
const made = { itemId: '', lineId: '', allocationId: '', creditId: '', transactionId: '' };

beforeAll(async () => {
  h = await startHarness(
    { REDEEM_RATE_LIMIT: '100000' },
    { services: ['partners', 'vouchers', 'credits', 'inventory'] },
  );
  admin = await h.adminToken();
  const partner = await createPartnerWithUser(h, 'Sweep Gym');
  vendorId = partner.companyId;
  userId = partner.userId;
  companyToken = partner.token;
  const created = async (path: string, init: Parameters<Harness['api']>[1]) => {
    const res = await h.api(path, { method: 'POST', token: admin, ...init });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  };
  codeId = (await created('/api/generate-qr', { json: VALID.generate })).id;
  const item = new FormData();
  for (const [key, value] of Object.entries(VALID.item)) item.append(key, value);
  made.itemId = (await created('/api/merch-items', { body: item })).id;
  made.lineId = (await created('/api/inventory', { json: { ...VALID.line, merchItemId: made.itemId } })).id;
  made.allocationId = (
    await created('/api/partner-allocations', {
      json: { partnerId: vendorId, merchInventoryId: made.lineId, quantity: 2 },
    })
  ).id;
  made.creditId = (await created('/api/athlete-credits', { json: VALID.credit })).id;
  made.transactionId = (
    await created('/api/credit-transactions', { json: { ...VALID.ledger, creditId: made.creditId } })
  ).transaction.id;
}, 180_000);
afterAll(async () => h?.close());

const VALID = {
  login: { username: 'admin', password: 'x' },
  generate: {
    clinic: 'Peak Physio',
    discountType: 'percentage',
    discountValue: 25,
    service: 'Assessment',
    expirationDate: '2099-12-31',
    usageLimit: '3',
  },
  bulk: {
    batchName: 'Sweep',
    facility: 'Iron Gym',
    quantity: 1,
    discountType: 'fixed',
    discountValue: 10,
    service: 'Day pass',
    expirationDate: '2099-06-30',
    usageLimit: '1',
  },
  vendor: { name: 'Sweep Vendor', email: 'sweep@example.com', description: 'x', categories: ['gym'] },
  portalUser: { username: 'sweeper', password: 'staff-password', email: 'sweeper@example.com' },
  trainer: { partnerName: 'Peak Physio', couponTitle: 'Athlete Perk', trainerName: 'Sam', discountValue: 15 },
  item: { name: 'Sweep Tee', sku: 'SWEEP-TEE-1', category: 'shirts', price: '19.99', sizes: 'S,M' },
  line: { size: 'S', totalQuantity: 100, minStockLevel: 5 },
  credit: {
    athleteName: 'Casey Sweep',
    athleteRole: 'athlete',
    totalAmount: 100_000,
    duration: 12,
    startDate: '2026-01-01',
    endDate: '2099-12-31',
  },
  ledger: { transactionType: 'purchase', description: 'Sweep shoes', amount: 100 },
  exclusive: exclusiveBody(),
};

async function send(
  method: string,
  path: string,
  body?: unknown,
  raw?: { type: string; data: string },
  token = admin,
) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let payload: string | undefined;
  if (raw) {
    headers['content-type'] = raw.type;
    payload = raw.data;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${h.url}${path}`, {
    method,
    headers,
    body: payload,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe('the requests the fault review found answering 500 are 400s', () => {
  const nul = 'a\u0000b';
  const lone = '\ud800x';
  const cases: [string, string, string, unknown][] = [
    ['NUL in a login username', 'POST', '/api/auth/login', { username: nul, password: 'x' }],
    ['NUL in a company login', 'POST', '/api/auth/company-login', { username: nul, password: 'x' }],
    ['NUL in generate-qr', 'POST', '/api/generate-qr', { ...VALID.generate, service: nul }],
    ['NUL in bulk-generate', 'POST', '/api/bulk-generate', { ...VALID.bulk, batchName: nul }],
    ['NUL in a vendor', 'POST', '/api/vendors', { ...VALID.vendor, name: nul }],
    ['a lone surrogate in a text field', 'POST', '/api/generate-qr', { ...VALID.generate, terms: lone }],
    [
      'a lone surrogate in a vendor category',
      'POST',
      '/api/vendors',
      { ...VALID.vendor, categories: [lone] },
    ],
    [
      'expirationDate 0000-01-01',
      'POST',
      '/api/generate-qr',
      { ...VALID.generate, expirationDate: '0000-01-01' },
    ],
    [
      'expirationDate 9999-12-31',
      'POST',
      '/api/generate-qr',
      { ...VALID.generate, expirationDate: '9999-12-31' },
    ],
    ...(['bogo', 'free-service', 'percentage', 'fixed'] as const).flatMap((discountType) =>
      [2147483648, 3e9, '99999999999', 1e300].map(
        (discountValue) =>
          [
            `discountValue ${discountValue} with ${discountType}`,
            'POST',
            '/api/generate-qr',
            { ...VALID.generate, discountType, discountValue },
          ] as [string, string, string, unknown],
      ),
    ),
  ];
  it.each(cases)('%s', async (_, method, path, body) => {
    const res = await send(method, path, body);
    expect(res.status, res.text).toBe(400);
  });

  it('?search=%00 on every list', async () => {
    const lists = [
      '/api/qr-codes/all',
      '/api/redemptions',
      '/api/admin/qr-codes',
      '/api/admin/redemptions',
      '/api/admin/batches',
      `/api/vendors/${vendorId}/qr-codes`,
    ];
    for (const list of lists) {
      const res = await send('GET', `${list}?search=%00`);
      expect(res.status, `${list}: ${res.text}`).toBe(400);
    }
  });

  it('broken multipart on both upload routes', async () => {
    for (const path of ['/api/upload-logo', '/api/upload/vendor-photo']) {
      const noBoundary = await send('POST', path, undefined, { type: 'multipart/form-data', data: 'hello' });
      expect(noBoundary.status, `${path} without boundary: ${noBoundary.text}`).toBe(400);
      const truncated = await send('POST', path, undefined, {
        type: 'multipart/form-data; boundary=XYZ',
        data: '--XYZ\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      });
      expect(truncated.status, `${path} truncated: ${truncated.text}`).toBe(400);
    }
  });
});

/** An array nested `depth` deep around one value: [[[…'x'…]]]. */
function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('a property sweep over every route: never a 500, never a hang', () => {
  const strings = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom('\u0000', 'a\u0000', '\ud800x', 'x\udfff', '0000-01-01', '-1', 'NaN', '1e309', ''),
    fc.constant('x'.repeat(1 << 20)),
  );
  const scalars = fc.oneof(
    strings,
    fc.integer(),
    fc.double(),
    fc.constantFrom(-1, 2 ** 31, 2 ** 53, 1e300, -1e300, 0.5),
    fc.boolean(),
    fc.constant(null),
  );
  const values = fc.oneof(
    scalars,
    fc.array(scalars, { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), scalars, { maxKeys: 3 }),
    // Nested deeper than the gateway's 64 levels (a 400), and just within them.
    fc.constantFrom(nested(70), nested(1000), nested(60)),
  );
  /** A valid body with some of its fields replaced, or something else entirely (array, scalar). */
  const mutated = (valid: Record<string, unknown>) =>
    fc.oneof(
      fc.record(
        Object.fromEntries(Object.keys(valid).map((k) => [k, fc.oneof(fc.constant(valid[k]), values)])),
      ),
      values,
      fc.array(fc.constant(valid), { maxLength: 2 }),
    );
  const query = fc.record({ limit: strings, offset: strings, search: strings }, { requiredKeys: [] });

  const routes = () =>
    [
      ['POST', '/api/auth/login', VALID.login],
      ['POST', '/api/auth/company-login', VALID.login],
      ['PATCH', '/api/admin/profile', { firstName: 'A', lastName: 'B', email: 'a@example.com' }],
      ['POST', '/api/admin/change-password', { currentPassword: 'x', newPassword: 'y' }],
      ['POST', '/api/vendors', VALID.vendor],
      ['PATCH', `/api/vendors/${vendorId}`, VALID.vendor],
      ['POST', `/api/partners/${vendorId}/users`, VALID.portalUser],
      ['PATCH', `/api/partners/${vendorId}/users/${userId}`, { isActive: true }],
      ['POST', '/api/generate-qr', VALID.generate],
      ['POST', '/api/bulk-generate', VALID.bulk],
      ['POST', `/api/qr-codes/${codeId}/assign-partners`, { partnerIds: [vendorId] }],
      ['POST', '/api/generate-qr-image', { id: codeId, format: 'png' }],
      ['POST', '/api/download-qr', { qrCode: codeId, format: 'png' }],
      ['POST', '/api/bulk-download-zip', { qrCodes: [codeId], format: 'png' }],
      ['POST', '/api/generate-trainer-qr', VALID.trainer],
      ['PUT', '/api/trainer-config', { couponTitle: 'Saved Perk', discountValue: 15 }],
      ['POST', '/api/project-rooted-exclusives', VALID.exclusive],
      ['POST', `/api/redeem/${codeId}`, { transactionAmount: 2500 }],
      ['POST', '/api/athlete-credits', VALID.credit],
      ['POST', '/api/credit-transactions', { ...VALID.ledger, creditId: made.creditId }],
      ['POST', `/api/credit-transactions/${made.transactionId}/void`, { reason: 'Sweep' }],
      ['POST', '/api/inventory', { ...VALID.line, size: 'M', merchItemId: made.itemId }],
      [
        'POST',
        '/api/inventory/bulk',
        { merchItemId: made.itemId, entries: [{ size: 'L', totalQuantity: 5 }] },
      ],
      ['PUT', `/api/inventory/${made.lineId}`, { quantity: 5 }],
      [
        'POST',
        '/api/partner-allocations',
        { partnerId: vendorId, merchInventoryId: made.lineId, quantity: 1 },
      ],
      ['PUT', `/api/partner-allocations/${made.allocationId}`, { usedQuantity: 1 }],
    ] as [string, string, Record<string, unknown>][];
  /** The partner's till and its usage report, sent as the partner's portal user. */
  const companyRoutes = () =>
    [
      ['POST', `/api/credits/${made.creditId}/transactions`, VALID.ledger],
      ['PUT', `/api/partner-allocations/${made.allocationId}`, { usedQuantity: 1 }],
    ] as [string, string, Record<string, unknown>][];
  const lists = () => [
    '/api/vendors',
    '/api/companies',
    '/api/qr-codes',
    '/api/qr-codes/all',
    '/api/redemptions',
    '/api/admin/qr-codes',
    '/api/admin/redemptions',
    '/api/admin/batches',
    `/api/vendors/${vendorId}/qr-codes`,
    `/api/partners/${vendorId}/users`,
    '/api/qr-codes/trainers',
    '/api/project-rooted-exclusives',
    '/api/trainer-analytics',
    '/api/athlete-credits',
    '/api/credit-transactions',
    '/api/partner-athlete-credits',
    '/api/credits/partner-transactions',
    '/api/merch-items',
    `/api/merch-items/${made.itemId}/inventory`,
    '/api/inventory-transactions',
    '/api/partner-allocations',
  ];
  // Rendering is not started here: its routes may answer 503 once their input is valid, never 500.
  const ok = (path: string, status: number) =>
    status < 500 || (status === 503 && /qr-image|download/.test(path));

  it('bodies of every write route', async () => {
    const all = [
      ...routes().map((route) => [...route, admin] as const),
      ...companyRoutes().map((route) => [...route, companyToken] as const),
    ];
    for (const [method, path, valid, token] of all) {
      await fc.assert(
        fc.asyncProperty(mutated(valid), async (body) => {
          const res = await send(method, path, body, undefined, token);
          expect(
            ok(path, res.status),
            `${method} ${path} ${JSON.stringify(body).slice(0, 200)} → ${res.status} ${res.text.slice(0, 200)}`,
          ).toBe(true);
        }),
        { numRuns: 12, seed: Number(process.env.SWEEP_SEED ?? Date.now() % 100000) },
      );
    }
  }, 240_000);

  it('queries of every list and path ids', async () => {
    for (const list of lists()) {
      await fc.assert(
        fc.asyncProperty(query, async (q) => {
          const qs = new URLSearchParams(q as Record<string, string>).toString();
          const res = await send('GET', `${list}?${qs}`);
          expect(
            ok(list, res.status),
            `GET ${list}?${qs.slice(0, 200)} → ${res.status} ${res.text.slice(0, 200)}`,
          ).toBe(true);
        }),
        { numRuns: 8 },
      );
    }
    await fc.assert(
      fc.asyncProperty(
        strings.filter((s) => s.length < 2000),
        async (id) => {
          // Percent-encodes the UTF-8 bytes (encodeURIComponent throws on a lone surrogate).
          const segment = [...Buffer.from(id, 'utf8')]
            .map((b) => `%${b.toString(16).padStart(2, '0')}`)
            .join('');
          for (const path of [`/api/qr-codes/${segment}`, `/api/redeem/${segment}`]) {
            const res = await send(path.includes('redeem') ? 'POST' : 'GET', path);
            expect(
              ok(path, res.status),
              `${path.slice(0, 100)} → ${res.status} ${res.text.slice(0, 200)}`,
            ).toBe(true);
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 240_000);

  it('deep nesting on every write route: the whole body or one field, 400 with its message', async () => {
    const all = [
      ...routes().map((route) => [...route, admin] as const),
      ...companyRoutes().map((route) => [...route, companyToken] as const),
    ];
    for (const [method, path, valid, token] of all) {
      const field = Object.keys(valid)[0]!;
      const bodies: [string, string][] = [
        ['5,000 arrays', '['.repeat(5000) + ']'.repeat(5000)],
        ['5,000 objects', '{"a":'.repeat(4999) + '{}' + '}'.repeat(4999)],
        [`${field} nested 100 deep`, JSON.stringify({ ...valid, [field]: nested(100) })],
      ];
      for (const [what, data] of bodies) {
        const res = await send(method, path, undefined, { type: 'application/json', data }, token);
        expect(res.status, `${method} ${path} (${what}): ${res.text.slice(0, 200)}`).toBe(400);
        expect(JSON.parse(res.text).message, `${method} ${path} (${what})`).toMatch(/nested too deeply/);
      }
    }
  }, 120_000);

  it('an oversized body on every write route: 413 with its message', async () => {
    const all = [
      ...routes().map((route) => [...route, admin] as const),
      ...companyRoutes().map((route) => [...route, companyToken] as const),
    ];
    for (const [method, path, valid, token] of all) {
      const field = Object.keys(valid)[0]!;
      const payload = Buffer.from(JSON.stringify({ ...valid, [field]: 'x'.repeat(5 * 1024 * 1024) }));
      for (const streamed of [false, true]) {
        // node:http, which reports a body it could not finish sending (the gateway closed early).
        const res = await sendBody(h.url, path, {
          method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload,
          streamed,
        });
        const label = `${method} ${path}${streamed ? ' (streamed)' : ''}: ${res.text.slice(0, 200)}`;
        expect(res.status, label).toBe(413);
        expect(JSON.parse(res.text).message, label).toBe('The request is too large.');
        expect(res.writeError, label).toBeUndefined();
      }
    }
  }, 120_000);

  it('encoded, doubled, dotted and mixed-case spellings of every protected route: never a 2xx, never a 500, anonymously', async () => {
    // The sign-in and the public redeem are open by design; everything else here needs a token.
    const open = (path: string) => /^\/api\/(auth\/(login|company-login)|redeem\/)/.test(path);
    const targets = [
      ...lists().map((path) => ['GET', path, undefined] as const),
      ...routes()
        .filter(([, path]) => !open(path))
        .map(([method, path, valid]) => [method, path, JSON.stringify(valid)] as const),
      ...companyRoutes().map(([method, path, valid]) => [method, path, JSON.stringify(valid)] as const),
      // The queue board (its API and its actions) and a job's file.
      ['GET', '/admin/queues/api/queues', undefined] as const,
      ['PUT', '/admin/queues/api/queues/pause', '{}'] as const,
      ['GET', `/api/jobs/${codeId}/file`, undefined] as const,
      // Issue 23 and 24 routes: a job's download link and the bulk assignment.
      ['POST', `/api/jobs/${codeId}/link`, '{}'] as const,
      [
        'POST',
        '/api/qr-codes/assign-partners',
        JSON.stringify({ batchId: codeId, partnerIds: [vendorId] }),
      ] as const,
    ];
    for (const [method, path, body] of targets) {
      const plain = await rawRequest(h.url, path, { method, body });
      expect(plain.status, `${method} ${path} anonymously: ${plain.body.slice(0, 200)}`).toBe(401);
      for (const variant of pathVariants(path)) {
        const res = await rawRequest(h.url, variant.path, { method, body });
        const label = `${method} ${variant.path} (${variant.kind}) → ${res.status} ${res.body.slice(0, 200)}`;
        expect(res.status >= 200 && res.status < 300, label).toBe(false);
        expect(res.status, label).toBeLessThan(500);
      }
    }
  }, 240_000);
});
