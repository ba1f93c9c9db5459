import { RPC } from '@avpass/contracts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, startServices, type Services } from './support/services';

// Issue 41: the members service over NATS, as the gateway and other services call it.
let s: Services;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'avpass-members-'));
  s = await startServices({ DATA_DIR: dataDir, MEMBERS_DEFAULT_PHONE_REGION: 'ES' });
}, 60_000);
afterAll(async () => {
  await s?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const create = (fields: Record<string, unknown>) =>
  s.call(RPC.members.create, { firstName: 'Test', ...fields } as never);

async function importText(text: string) {
  const fileId = randomUUID();
  await mkdir(join(dataDir, 'member-imports'), { recursive: true });
  await writeFile(join(dataDir, 'member-imports', `${fileId}.csv`), text);
  return s.call(RPC.members.import, { fileId });
}

describe('the members service', () => {
  it('reads a phone without a country code in MEMBERS_DEFAULT_PHONE_REGION', async () => {
    const member = await create({ phone: '612 345 679' });
    expect(member.phone).toBe('+34612345679');
    const found = await s.call(RPC.members.page, { search: '612 345' });
    expect(found.items.map((m) => m.id)).toEqual([member.id]);
  });

  it('keeps the consents history: given, withdrawn, each with its source', async () => {
    const member = await create({ email: 'history@example.com', consent: { email: { given: true } } });
    await s.call(RPC.members.update, { id: member.id, consent: { email: { given: false, source: 'link' } } });
    await s.call(RPC.members.update, { id: member.id, consent: { email: { given: false, source: 'link' } } });
    const exported = await s.call(RPC.members.export, { id: member.id });
    expect(exported.consentHistory.map((c) => [c.channel, c.given, c.source])).toEqual([
      ['email', true, 'form'],
      ['email', false, 'link'],
    ]);
    expect(exported.member.consent.email).toMatchObject({ given: false, source: 'link' });
  });

  it('two members changed to one e-mail at once: one change wins, the other is a conflict', async () => {
    const a = await create({ email: 'a.race@example.com' });
    const b = await create({ email: 'b.race@example.com' });
    const results = await Promise.allSettled([
      s.call(RPC.members.update, { id: a.id, email: 'same.race@example.com' }),
      s.call(RPC.members.update, { id: b.id, email: 'same.race@example.com' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason.code).toBe('CONFLICT');
  });

  it('merging a pair from both sides at once: one merge, no deadlock; the loser is told the other is gone', async () => {
    const a = await create({ email: 'pair.a@example.com' });
    const b = await create({ phone: '+34 699 000 111' });
    const results = await Promise.allSettled([
      s.call(RPC.members.merge, { id: a.id, from: b.id }),
      s.call(RPC.members.merge, { id: b.id, from: a.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const codes = results.flatMap((r) => (r.status === 'rejected' ? [r.reason.code] : []));
    expect(['NOT_FOUND', 'VALIDATION_FAILED']).toContain(codes[0]);
  });

  it('an import names the reasons of each refused row, and a re-import after a change updates only that row', async () => {
    const file = 'name,email,phone\nUna Import,una@example.com,\nDos Import,,600 000 002\n';
    expect(await importText(file)).toEqual({ created: 2, updated: 0, unchanged: 0, refused: [] });
    expect(await importText(file)).toEqual({ created: 0, updated: 0, unchanged: 2, refused: [] });
    const changed = await importText(`${file}Tres Import,tres@example.com,600 000 002\n`);
    expect(changed).toEqual({
      created: 0,
      updated: 0,
      unchanged: 2,
      refused: [
        {
          row: 4,
          reason: 'repeats the e-mail or phone of row 3',
          code: 'members.import.repeats',
          params: { row: '3' },
        },
      ],
    });
  });

  it('an upload that is gone is a 400, never a crash', async () => {
    const error = await refusal(s.call(RPC.members.import, { fileId: randomUUID() }));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(/upload it again/);
  });
});
