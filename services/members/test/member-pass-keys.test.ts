import { RPC } from '@avpass/contracts';
import { PassKeys } from '@avpass/members-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices, testClock, type Services, type TestClock } from './support/services';

// Issue 43 (decision 363): two instances of the members service rotate the member pass's keys at the
// same moment; the table gets one key per period, never two, and both sign with the same one.
const DAY = 86_400_000;
const T0 = Date.UTC(2031, 2, 3, 8, 0, 0);

let s: Services;
let clock: TestClock;

beforeAll(async () => {
  clock = testClock();
  clock.set(new Date(T0));
  s = await startServices(
    { MEMBER_PASS_KEY_DAYS: '7', MEMBER_PASS_KEY_GRACE_DAYS: '2' },
    { clock, instances: 2 },
  );
  await s.sql.query('set search_path to members, public');
}, 90_000);
afterAll(async () => {
  await s?.close();
});

const rows = async () =>
  (
    await s.sql.query<{ key_id: number; not_before: Date; sign_until: Date; verify_until: Date }>(
      'select key_id, not_before, sign_until, verify_until from member_pass_keys order by key_id',
    )
  ).rows;

/** Both instances' key schedules asked at once, several times each, and over NATS too. */
async function everyoneAsks(): Promise<number[][]> {
  const [a, b] = s.apps.map((app) => app.get(PassKeys));
  const direct = await Promise.all(
    Array.from({ length: 6 }, (_, i) => ((i % 2 ? a : b)!.forget(), (i % 2 ? a : b)!.publicKeys())),
  );
  const viaNats = await Promise.all(Array.from({ length: 10 }, () => s.call(RPC.members.passKeys, {})));
  return [...direct, ...viaNats.map((answer) => answer.keys)].map((keys) => keys.map((k) => k.keyId));
}

describe('rotating the keys from two instances at once', () => {
  it('makes one key per period (the current and the next), and every answer names the same keys', async () => {
    const first = await everyoneAsks();
    expect(await rows()).toEqual([
      {
        key_id: 1,
        not_before: new Date(T0),
        sign_until: new Date(T0 + 7 * DAY),
        verify_until: new Date(T0 + 9 * DAY),
      },
      {
        key_id: 2,
        not_before: new Date(T0 + 7 * DAY),
        sign_until: new Date(T0 + 14 * DAY),
        verify_until: new Date(T0 + 16 * DAY),
      },
    ]);
    for (const ids of first) expect(ids).toEqual([1, 2]);

    // Key 2 begins signing: both instances list key 3, one row.
    clock.set(new Date(T0 + 7 * DAY + 1000));
    const second = await everyoneAsks();
    expect((await rows()).map((r) => r.key_id)).toEqual([1, 2, 3]);
    for (const ids of second) expect(ids).toEqual([1, 2, 3]);

    // Past key 1's grace it is no longer listed; key 4 is made when key 3 begins.
    clock.set(new Date(T0 + 14 * DAY));
    const third = await everyoneAsks();
    expect((await rows()).map((r) => r.key_id)).toEqual([1, 2, 3, 4]);
    for (const ids of third) expect(ids).toEqual([2, 3, 4]);
  });

  it('after a long stop (no key signing now), starts a key at the current step and lists its successor', async () => {
    const later = T0 + 400 * DAY + 12_345;
    clock.set(new Date(later));
    const answers = await everyoneAsks();
    const keys = (await rows()).slice(-2);
    expect(keys.map((k) => k.key_id)).toEqual([5, 6]);
    expect(keys[0]!.not_before).toEqual(new Date(later - 12_345));
    expect(keys[1]!.not_before).toEqual(new Date(later - 12_345 + 7 * DAY));
    for (const ids of answers) expect(ids).toEqual([5, 6]);
  });
});
