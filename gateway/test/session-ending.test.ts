// Issue 37, items 9 and 11: what a session opened ends with it. The queue board's cookie lives only as
// long as the session that opened it (and only for a super administrator); a deactivated partner's
// staff are signed out and refused until it is reactivated.
import { waitFor } from '@avpass/platform/testing';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createPartnerWithUser, startHarness, type Harness } from './support/harness';

const BOARD_API = '/admin/queues/api/queues';
const DEACTIVATED_PARTNER =
  'Your partner account has been deactivated. Please contact the club administrator.';

let h: Harness;
let redis: Redis;
beforeAll(async () => {
  h = await startHarness();
  redis = new Redis(String(h.env.REDIS_URL));
}, 60_000);
afterAll(async () => {
  redis?.disconnect();
  await h?.close();
});

/** A new session of the administrator (not the harness's shared one). */
async function adminSession(password = ADMIN.password): Promise<string> {
  const res = await h.api('/api/auth/login', { method: 'POST', json: { ...ADMIN, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

/** Opens the board from the app: the cookie (name=value) it sets. */
async function boardCookie(token: string): Promise<string> {
  const res = await h.api('/api/queues/session', { method: 'POST', token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return String(res.headers.get('set-cookie')).split(';')[0]!;
}

const board = (cookie: string) => h.api(BOARD_API, { headers: { cookie } });

/** A board cookie made directly in Redis for any session, as if its holder had opened the board. */
async function forgedBoardCookie(userId: string, token: string): Promise<string> {
  const boardToken = 'f'.repeat(43);
  const sessionId = createHash('sha256').update(token).digest('hex');
  await redis.set(
    `${String(h.env.NATS_NAMESPACE)}:queue-board:session:${boardToken}`,
    JSON.stringify({ userId, sessionId }),
    'EX',
    600,
  );
  return `avpass_queue_board=${boardToken}`;
}

describe('the queue board ends with the session that opened it', () => {
  it('after sign-out its cookie is refused (401) at once', async () => {
    const token = await adminSession();
    const cookie = await boardCookie(token);
    expect((await board(cookie)).status).toBe(200);

    expect((await h.api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    const after = await board(cookie);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(
      'Your session has ended. Sign in and open the queue board from the app again.',
    );
    // Its changing routes too.
    const pause = await h.api(`${BOARD_API}/pause`, { method: 'PUT', headers: { cookie } });
    expect(pause.status).toBe(401);
  });

  it("anyone but a super administrator is refused on every board request, and a deactivated user's cookie ends", async () => {
    const staff = await createPartnerWithUser(h, 'Board Curious');
    const cookie = await forgedBoardCookie(staff.userId, staff.token);
    const refused = await board(cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only a super administrator may use the queue board.');

    const admin = await h.adminToken();
    const off = await h.api(`/api/partners/${staff.companyId}/users/${staff.userId}`, {
      method: 'PATCH',
      token: admin,
      json: { isActive: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await board(cookie)).status).toBe(401);
  });
});

describe('a deactivated partner', () => {
  it("signs its staff out, refuses their sign-in saying why, and lets them back in once reactivated; other partners' staff are untouched", async () => {
    const admin = await h.adminToken();
    const staff = await createPartnerWithUser(h, 'Paused Bikes');
    const bystander = await createPartnerWithUser(h, 'Open Cafe');
    expect((await h.api('/api/auth/user', { token: staff.token })).status).toBe(200);

    const patch = (isActive: boolean) =>
      h.api(`/api/vendors/${staff.companyId}`, { method: 'PATCH', token: admin, json: { isActive } });
    expect((await patch(false)).status).toBe(200);

    // The session ends as soon as identity hears of it (an event: within moments).
    await waitFor(async () => (await h.api('/api/auth/user', { token: staff.token })).status === 401, {
      message: "the deactivated partner's staff session still works",
    });
    const signIn = () =>
      h.api('/api/auth/company-login', {
        method: 'POST',
        json: { username: staff.username, password: 'staff-password' },
      });
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(DEACTIVATED_PARTNER);
    expect((await h.api('/api/auth/user', { token: bystander.token })).status).toBe(200);

    expect((await patch(true)).status).toBe(200);
    const back = await waitFor(async () => {
      const res = await signIn();
      return res.status === 200 ? res : null;
    });
    expect((await h.api('/api/auth/user', { token: back.body.token })).status).toBe(200);
  });
});

// Last: the password change ends the harness's shared administrator session too.
describe('a password change ends the board', () => {
  it("the cookie of the session that changed it, and of the user's other sessions, are refused", async () => {
    const changing = await adminSession();
    const other = await adminSession();
    const mine = await boardCookie(changing);
    const theirs = await boardCookie(other);
    expect((await board(mine)).status).toBe(200);

    const newPassword = 'Blue-Heron-Lantern-82';
    const changed = await h.api('/api/admin/change-password', {
      method: 'POST',
      token: changing,
      json: { currentPassword: ADMIN.password, newPassword },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The session that made the change stays signed in; neither board does.
    expect((await h.api('/api/auth/user', { token: changing })).status).toBe(200);
    expect((await board(mine)).status).toBe(401);
    expect((await board(theirs)).status).toBe(401);
    // A new board from the same session works again.
    expect((await board(await boardCookie(changing))).status).toBe(200);
  });
});
