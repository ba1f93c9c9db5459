import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MembersConfig } from '../config';
import { MemberPhotoUrls } from './member-photo-urls';

const SECRET = 'a-member-pass-secret-of-at-least-32-chars';
const at = new Date('2026-03-08T10:00:00Z');
const urlsOf = (secret: string) =>
  new MemberPhotoUrls({ MEMBER_PASS_SECRET: secret } as MembersConfig, () => at);

/** The parts of a signed path, as the gateway hands them on. */
function partsOf(path: string) {
  const url = new URL(path, 'http://x');
  return {
    memberId: /\/api\/member-photos\/(.+)\.jpg$/.exec(url.pathname)![1]!,
    version: url.searchParams.get('v') ?? '',
    expires: url.searchParams.get('exp') ?? '',
    signature: url.searchParams.get('sig') ?? '',
  };
}

describe('member photo URLs (decision 372)', () => {
  const urls = urlsOf(SECRET);
  const id = randomUUID();

  it('name the member and the photo’s version, and work for 10 minutes', () => {
    const parts = partsOf(urls.signedPhotoPath(id, 3));
    expect(Number(parts.expires)).toBe(at.getTime() / 1000 + 600);
    expect(urls.verifiedPhotoUrl(parts)).toEqual({ memberId: id, version: 3 });
    expect(urls.verifiedPhotoUrl(parts, new Date(at.getTime() + 599_000))).not.toBeNull();
    expect(urls.verifiedPhotoUrl(parts, new Date(at.getTime() + 600_000))).toBeNull();
  });

  it('refuse a changed member, version, expiry or signature, another secret’s, and garbage', () => {
    const parts = partsOf(urls.signedPhotoPath(id, 3));
    const sig = parts.signature;
    for (const changed of [
      { ...parts, memberId: randomUUID() },
      { ...parts, version: '4' },
      { ...parts, version: '03' },
      { ...parts, expires: String(Number(parts.expires) + 1) },
      { ...parts, signature: `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}` },
      { ...parts, signature: sig.slice(1) },
      { ...parts, signature: '' },
      { ...parts, memberId: 'not-a-member' },
      { ...parts, version: '-1' },
    ])
      expect(urls.verifiedPhotoUrl(changed), JSON.stringify(changed)).toBeNull();
    expect(urlsOf('another-secret-of-at-least-32-characters!').verifiedPhotoUrl(parts)).toBeNull();
  });
});
