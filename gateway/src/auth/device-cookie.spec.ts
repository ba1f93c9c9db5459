import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_MAX_USERS, DeviceCookies } from './device-cookie';

const config = { DB_ROLE_SECRET: 'a-development-secret-of-some-length' };
const pair = (setCookie: string) => setCookie.split(';')[0]!;

describe('device cookie', () => {
  it('verifies what it issued, keeps the device id across sign-ins, and remembers several users, newest first', () => {
    let now = Date.UTC(2030, 0, 1);
    const cookies = new DeviceCookies(config, () => now);
    const alice = randomUUID();
    const first = pair(cookies.issue(undefined, alice, false));
    const [device] = cookies.read(first);
    expect(device).toMatchObject({ userId: alice });

    const users = Array.from({ length: DEVICE_COOKIE_MAX_USERS + 1 }, () => randomUUID());
    let header = first;
    for (const user of users) {
      now += 1000;
      header = pair(cookies.issue(header, user, false));
    }
    const read = cookies.read(`theme=dark; ${header}`);
    expect(read.map((d) => d.userId)).toEqual(users.slice(1).reverse());

    now += 1000;
    const again = pair(cookies.issue(first, alice, false));
    expect(cookies.read(again)).toEqual([device]);
  });

  it('ignores entries signed with another key, altered, from the future or older than 180 days', () => {
    const now = Date.UTC(2030, 0, 1);
    const cookies = new DeviceCookies(config, () => now);
    const user = randomUUID();
    const issuedBy = (at: number, c = config) =>
      pair(new DeviceCookies(c, () => at).issue(undefined, user, false));
    expect(cookies.read(issuedBy(now - 179 * 86_400_000))).toHaveLength(1);
    expect(cookies.read(issuedBy(now - 181 * 86_400_000))).toEqual([]);
    expect(cookies.read(issuedBy(now + 3_600_000))).toEqual([]);
    expect(cookies.read(issuedBy(now, { DB_ROLE_SECRET: 'another-secret-entirely-here' }))).toEqual([]);
    const withKey = new DeviceCookies({ ...config, DEVICE_COOKIE_SECRET: 'x'.repeat(32) }, () => now);
    expect(cookies.read(pair(withKey.issue(undefined, user, false)))).toEqual([]);
    const good = issuedBy(now);
    const otherUser = good.replace(user, randomUUID());
    for (const bad of [otherUser, `${good}x`, good.slice(0, -1), 'avpass_device=', 'avpass_device', '']) {
      expect(cookies.read(bad), bad).toEqual([]);
    }
    expect(cookies.read(undefined)).toEqual([]);
  });
});
