import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJob } from './support/downloads';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';
import { pathVariants, rawRequest, type RawResponse } from './support/path-variants';

// Access is decided on the path the router matches (issue 22, #1). Every protected route is asked
// for under every ambiguous spelling of its path (encoded letters, `//`, dot segments, `;`, case, …),
// sent as-is, by an anonymous caller and by a partner: never a 2xx, 3xx or 5xx.

const SPA_MARKER = 'avpass-spa-index';
/** A statement nobody has: every statement route answers for it without reaching a row. */
const STATEMENT_ID = '5d1c2a3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
let h: Harness;
let spaDir: string;
let admin: string;
let partner: { companyId: string; userId: string; token: string };
let queue: string;
let jobId: string;
let boardCookie: string;

beforeAll(async () => {
  // A built frontend, so that the SPA fallback is there to be tricked.
  spaDir = await mkdtemp(join(tmpdir(), 'avpass-spa-'));
  await writeFile(join(spaDir, 'index.html'), `<!doctype html><title>${SPA_MARKER}</title>`);
  h = await startHarness(
    { FRONTEND_DIST: spaDir },
    {
      services: ['partners', 'vouchers', 'rendering', 'statements', 'members'],
    },
  );
  admin = await h.adminToken();
  partner = await createPartnerWithUser(h, 'Sweep Partner');
  queue = `${h.env.NATS_NAMESPACE}-rendering-zip`;
  // A code the partner may not see, and a finished ZIP of it owned by the administrator.
  const code = await h.api('/api/generate-qr', {
    method: 'POST',
    token: admin,
    json: {
      clinic: 'Not The Partner',
      discountType: 'percentage',
      discountValue: 10,
      service: 'Assessment',
      expirationDate: '2099-12-31',
      usageLimit: 1,
    },
  });
  expect(code.status).toBe(201);
  const zip = await h.api('/api/bulk-download-zip', {
    method: 'POST',
    token: admin,
    json: { qrCodes: [code.body.id], format: 'png', variant: 'qr' },
  });
  expect(zip.status, JSON.stringify(zip.body)).toBe(202);
  jobId = zip.body.id;
  expect((await waitForJob(h, jobId, admin)).state).toBe('completed');
  const session = await h.api('/api/queues/session', { method: 'POST', token: admin });
  expect(session.status).toBe(200);
  boardCookie = String(session.headers.get('set-cookie')).split(';')[0]!;
}, 120_000);
afterAll(async () => {
  await h?.close();
  if (spaDir) await rm(spaDir, { recursive: true, force: true });
});

interface Target {
  method: string;
  path: string;
  body?: unknown;
  /** A partner may call the plain path (its variants are still refused). */
  partnerMay?: boolean;
  /** Anyone may call the plain path (a member's sign-in, Twilio's webhooks): only its variants are swept. */
  open?: boolean;
}

/** Everything behind a session: the queue board (read and write), the API, the job files. */
function protectedTargets(): Target[] {
  const forged = {
    name: 'bulk-download-zip',
    data: {
      ownerUserId: partner.userId,
      actor: { userId: partner.userId, role: 'super_admin', companyId: null },
    },
  };
  return [
    { method: 'GET', path: '/admin/queues' },
    { method: 'GET', path: '/admin/queues/' },
    { method: 'GET', path: `/admin/queues/queue/${queue}` },
    { method: 'GET', path: '/admin/queues/api/queues' },
    { method: 'GET', path: '/admin/queues/api/redis/stats' },
    { method: 'GET', path: `/admin/queues/api/queues/${queue}/${jobId}` },
    { method: 'PUT', path: `/admin/queues/api/queues/${queue}/pause` },
    { method: 'PUT', path: '/admin/queues/api/queues/resume' },
    { method: 'POST', path: `/admin/queues/api/queues/${queue}/add`, body: forged },
    { method: 'PUT', path: `/admin/queues/api/queues/${queue}/clean/completed` },
    { method: 'PUT', path: `/admin/queues/api/queues/${queue}/empty` },
    { method: 'PUT', path: `/admin/queues/api/queues/${queue}/obliterate` },
    { method: 'GET', path: '/api/qr-codes/all?limit=5', partnerMay: true },
    { method: 'GET', path: '/api/vendors' },
    { method: 'GET', path: `/api/jobs/${jobId}` },
    { method: 'GET', path: `/api/jobs/${jobId}/file` },
    { method: 'POST', path: '/api/queues/session' },
    // A user's own language (issue 42): any staff role, never anonymous.
    { method: 'PATCH', path: '/api/auth/user/language', body: { language: 'en' }, partnerMay: true },
    ...statementTargets(),
    ...memberTargets(),
    ...memberSessionTargets(),
    ...openMemberTargets(),
    ...tillTargets(),
  ];
}

/** The till (issues 35 and 43): a partner's staff and the administrator, never anonymous. */
function tillTargets(): Target[] {
  const id = STATEMENT_ID;
  const code = { code: 'SWEEP-0000', transactionAmount: 1000 };
  return [
    { method: 'POST', path: '/api/till/check', body: code, partnerMay: true },
    { method: 'POST', path: '/api/till/redeem', body: code, partnerMay: true },
    { method: 'GET', path: '/api/till/recent', partnerMay: true },
    { method: 'GET', path: '/api/till/codes?limit=5', partnerMay: true },
    { method: 'GET', path: '/api/till/pass-keys', partnerMay: true },
    { method: 'GET', path: '/api/till/pass-revocations', partnerMay: true },
    { method: 'POST', path: '/api/till/pass', body: { code: 'AVPM:SWEEP' }, partnerMay: true },
    { method: 'GET', path: '/api/till/conflicts?status=open', partnerMay: true },
    { method: 'POST', path: `/api/till/conflicts/${id}/handle`, partnerMay: true },
  ];
}

/** The club's members (issue 41): administrator only, every route. */
function memberTargets(): Target[] {
  const id = STATEMENT_ID;
  return [
    { method: 'GET', path: '/api/members?limit=5' },
    { method: 'POST', path: '/api/members', body: { firstName: 'Sweep', email: 'sweep@example.com' } },
    { method: 'POST', path: '/api/members/import' },
    { method: 'GET', path: `/api/members/${id}` },
    { method: 'PATCH', path: `/api/members/${id}`, body: { language: 'es' } },
    { method: 'DELETE', path: `/api/members/${id}` },
    { method: 'GET', path: `/api/members/${id}/export` },
    { method: 'POST', path: `/api/members/${id}/merge`, body: { from: id } },
    { method: 'GET', path: `/api/members/${id}/vouchers` },
    { method: 'GET', path: `/api/members/${id}/deliveries` },
    { method: 'POST', path: `/api/members/${id}/deliveries/${id}/resend` },
    { method: 'POST', path: '/api/members/send', body: { qrCodeId: id, tag: 'sweep', channels: ['email'] } },
    { method: 'GET', path: '/api/members/channels' },
    { method: 'GET', path: `/api/members/sends/${id}` },
    { method: 'POST', path: `/api/members/${id}/pass/revoke` },
    { method: 'GET', path: `/api/members/${id}/photo` },
    { method: 'PUT', path: `/api/members/${id}/photo` },
    { method: 'DELETE', path: `/api/members/${id}/photo` },
  ];
}

/** A member's own routes (issue 41, decision 329): a member session only, never a staff token. */
function memberSessionTargets(): Target[] {
  return [
    { method: 'GET', path: '/api/me' },
    { method: 'GET', path: '/api/me/vouchers?limit=5' },
    { method: 'POST', path: '/api/me/sign-out' },
    { method: 'PATCH', path: '/api/me/language', body: { language: 'en' } },
    // The member pass (issue 43).
    { method: 'GET', path: '/api/me/pass' },
    { method: 'POST', path: '/api/me/pass/revoke' },
    { method: 'GET', path: '/api/me/pass/wallet/apple' },
    { method: 'GET', path: '/api/me/pass/wallet/google' },
  ];
}

/**
 * Anyone's (issue 41): a member's sign-in, the unsubscribe link, Twilio's signed webhooks. Their plain
 * paths answer everyone; every other spelling must still be refused, not routed.
 */
function openMemberTargets(): Target[] {
  const webhook = { MessageSid: `SM${'a'.repeat(32)}`, From: '+34600000001', Body: 'STOP' };
  return [
    { method: 'POST', path: '/api/member-auth/link', body: { email: 'sweep@example.com' }, open: true },
    { method: 'POST', path: '/api/member-auth/code', body: { phone: '+34600000001' }, open: true },
    { method: 'POST', path: '/api/member-auth/verify', body: { token: 'sweep' }, open: true },
    { method: 'GET', path: '/api/member-auth/channels', open: true },
    { method: 'GET', path: `/api/members/unsubscribe?token=${'A'.repeat(44)}`, open: true },
    { method: 'POST', path: '/api/members/unsubscribe', body: { token: 'A'.repeat(44) }, open: true },
    { method: 'POST', path: '/api/webhooks/twilio/status', body: webhook, open: true },
    { method: 'POST', path: '/api/webhooks/twilio/inbound', body: webhook, open: true },
    // The till's member photo (issue 43): its signature is the permission.
    { method: 'GET', path: `/api/member-photos/${STATEMENT_ID}.jpg?v=1&exp=1&sig=x`, open: true },
  ];
}

/** The partner statements (issue 39): the administrator's routes, and a partner's own reads. */
function statementTargets(): Target[] {
  const id = STATEMENT_ID;
  return [
    { method: 'GET', path: '/api/statements?limit=5', partnerMay: true },
    { method: 'GET', path: '/api/statements/preview?from=2025-11-01&to=2025-11-30', partnerMay: true },
    { method: 'GET', path: '/api/statements/totals?period=2025-11' },
    { method: 'GET', path: '/api/statements/payouts.csv?period=2025-11' },
    { method: 'GET', path: `/api/statements/${id}` },
    { method: 'GET', path: `/api/statements/${id}/pdf` },
    { method: 'GET', path: `/api/statements/${id}/csv` },
    { method: 'GET', path: `/api/statements/${id}/deliveries` },
    { method: 'POST', path: '/api/statements/issue', body: { period: '2025-11' } },
    { method: 'POST', path: '/api/statements/resend', body: { period: '2025-11' } },
    { method: 'POST', path: `/api/statements/${id}/resend` },
    { method: 'POST', path: `/api/statements/${id}/approve` },
    { method: 'POST', path: `/api/statements/${id}/dispute`, body: { reason: 'Sweep' } },
    { method: 'POST', path: `/api/statements/${id}/resolve`, body: { reason: 'Sweep' } },
    {
      method: 'POST',
      path: `/api/statements/${id}/paid`,
      body: { paidAt: '2025-12-01', reference: 'Sweep' },
    },
  ];
}

const ALLOWED = [400, 401, 403, 404];

async function send(target: Target, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return rawRequest(h.url, path, {
    method: target.method,
    headers,
    ...(target.body === undefined ? {} : { body: JSON.stringify(target.body) }),
  });
}

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(fn));
}

describe('protected prefixes under every spelling of their paths', () => {
  it('a super administrator reaches each target under its plain path (the sweep aims at real routes)', async () => {
    const board = await rawRequest(h.url, `/admin/queues/api/queues/${queue}/${jobId}`, {
      headers: { cookie: boardCookie },
    });
    expect(board.status).toBe(200);
    expect(board.body).toContain(jobId);
    // The board's page and its scripts load with the cookie (the hook covers its static files too).
    const page = await rawRequest(h.url, '/admin/queues/', { headers: { cookie: boardCookie } });
    expect(page.status).toBe(200);
    const src = /<script[^>]+src="([^"]+)"/.exec(page.body)?.[1];
    const script = new URL(src ?? '', `${h.url}/admin/queues/`).pathname;
    expect(script).toMatch(/^\/admin\/queues\/static\//);
    expect((await rawRequest(h.url, script, { headers: { cookie: boardCookie } })).status).toBe(200);
    expect((await rawRequest(h.url, script)).status).toBe(401);
    const file = await rawRequest(h.url, `/api/jobs/${jobId}/file`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.status).toBe(200);
  });

  const callers: Record<string, () => Record<string, string>> = {
    anonymous: () => ({}),
    // A partner's bearer token and a well-formed board cookie that no session stands behind.
    partner: () => ({
      authorization: `Bearer ${partner.token}`,
      cookie: `avpass_queue_board=${'A'.repeat(43)}`,
    }),
  };

  for (const [caller, headersOf] of Object.entries(callers)) {
    it(`${caller}: every variant answers 400, 401, 403 or 404 — never job data, never the app page`, async () => {
      const failures: string[] = [];
      const cases = protectedTargets().flatMap((target) =>
        [
          ...((caller === 'partner' && target.partnerMay) || target.open
            ? []
            : [{ kind: 'plain', path: target.path }]),
          ...pathVariants(target.path),
        ].map((variant) => ({
          target,
          variant,
        })),
      );
      expect(cases.length).toBeGreaterThan(500);
      await inBatches(cases, 16, async ({ target, variant }) => {
        const res = await send(target, variant.path, headersOf());
        if (res.status === 0) return; // Node would not put this path on the wire
        const ok =
          ALLOWED.includes(res.status) &&
          !res.body.includes(SPA_MARKER) &&
          !res.body.includes('ownerUserId') &&
          !String(res.headers['content-type'] ?? '').includes('zip') &&
          readableMessage(res);
        if (!ok)
          failures.push(
            `${target.method} ${variant.path} (${variant.kind}): ${res.status} ${res.body.slice(0, 120)}`,
          );
      });
      expect(failures).toEqual([]);
      // Nothing changed on the board: the administrator's job is still there, the queue not paused.
      const board = await rawRequest(h.url, `/admin/queues/api/queues/${queue}/${jobId}`, {
        headers: { cookie: boardCookie },
      });
      expect(board.status).toBe(200);
      const queues = await rawRequest(h.url, '/admin/queues/api/queues', {
        headers: { cookie: boardCookie },
      });
      expect(JSON.parse(queues.body).queues[0].isPaused).toBe(false);
    }, 240_000);
  }

  it('a member’s routes refuse the administrator’s token under every spelling, the plain one too', async () => {
    const failures: string[] = [];
    const cases = memberSessionTargets().flatMap((target) =>
      [{ kind: 'plain', path: target.path }, ...pathVariants(target.path)].map((variant) => ({
        target,
        variant,
      })),
    );
    expect(cases.length).toBeGreaterThan(50);
    await inBatches(cases, 16, async ({ target, variant }) => {
      const res = await send(target, variant.path, { authorization: `Bearer ${admin}` });
      if (res.status === 0) return;
      if (!ALLOWED.includes(res.status) || !readableMessage(res) || res.body.includes(SPA_MARKER))
        failures.push(
          `${target.method} ${variant.path} (${variant.kind}): ${res.status} ${res.body.slice(0, 120)}`,
        );
    });
    expect(failures).toEqual([]);
    const plain = await send(memberSessionTargets()[0]!, '/api/me', { authorization: `Bearer ${admin}` });
    expect(plain.status).toBe(401);
  }, 240_000);

  it('the administrator gets no 500 and a readable 400 for every ambiguous spelling of a read', async () => {
    const failures: string[] = [];
    const reads = protectedTargets().filter((t) => t.method === 'GET');
    const cases = reads.flatMap((target) =>
      pathVariants(target.path).map((variant) => ({ target, variant })),
    );
    await inBatches(cases, 16, async ({ target, variant }) => {
      const res = await send(target, variant.path, { authorization: `Bearer ${admin}`, cookie: boardCookie });
      if (res.status === 0) return;
      // (Bull Board's own 404s, for a queue or job id spelt in another case, are its UI's keys.)
      if (res.status >= 500 || (res.status === 400 && !readableMessage(res)) || res.body.includes(SPA_MARKER))
        failures.push(`${variant.path} (${variant.kind}): ${res.status} ${res.body.slice(0, 120)}`);
    });
    expect(failures).toEqual([]);
  }, 240_000);

  it('the job files are not reachable through /uploads/ (dot segments, encoded or not)', async () => {
    const file = `jobs/${jobId}.zip`;
    const tries = [
      `/uploads/../${file}`,
      `/uploads/%2e%2e/${file}`,
      `/uploads/.%2e/${file}`,
      `/uploads/..%2f${file.replace('/', '%2f')}`,
      `/uploads/..%2F${file}`,
      `/uploads/..\\${file.replace('/', '\\')}`,
      `/uploads/..%5c${file.replace('/', '%5c')}`,
      `/uploads/%252e%252e/${file}`,
      `/uploads//../${file}`,
      `/uploads/./../${file}`,
      `/UPLOADS/../${file}`,
    ];
    for (const path of tries) {
      const res = await rawRequest(h.url, path);
      expect(ALLOWED, `${path}: ${res.status}`).toContain(res.status);
      expect(res.headers['content-type'] ?? '').not.toContain('zip');
    }
  });

  it('an ambiguous path is refused with 400 and says why', async () => {
    const res = await rawRequest(h.url, '/%61dmin/queues/api/queues');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toMatch(/percent-encoded/);
    const dotted = await rawRequest(h.url, '/x/../admin/queues/api/queues');
    expect(dotted.status).toBe(400);
    expect(JSON.parse(dotted.body).message).toMatch(/"\." or "\.\." segment/);
  });

  it('the SPA fallback still serves the app pages, and never for the API, the board or the uploads', async () => {
    for (const page of [
      '/dashboard',
      '/voucher/3f0e8f0e-1111-4222-8333-444455556666',
      '/admin',
      '/login?returnTo=%2Fbulk',
    ])
      expect((await rawRequest(h.url, page)).body, page).toContain(SPA_MARKER);
    for (const path of [
      '/API/vendors',
      '/Api/jobs',
      '/ADMIN/QUEUES',
      '/Admin/Queues/api/queues',
      '/UPLOADS/x.png',
    ]) {
      const res = await rawRequest(h.url, path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain(SPA_MARKER);
    }
  });
});

/** A 4xx says what went wrong in JSON `{message}`. */
function readableMessage(res: RawResponse): boolean {
  if (res.status < 400) return true;
  try {
    const body = JSON.parse(res.body) as { message?: unknown };
    return typeof body.message === 'string' && body.message.length > 0;
  } catch {
    return false;
  }
}
