import { CARD_LANGUAGE_MESSAGE } from '@avpass/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkGenerateBody } from './support/bodies';
import { download, run, saveTo, waitForJob } from './support/downloads';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// A batch's card language (issue 42, decision 359): chosen on Bulk generate, kept on the batch
// (vouchers migration 0030), shown with the batch, and printed by the rendering service from the
// batch's record, the single card, the sheet and the ZIP alike.
let h: Harness;
let db: pg.Client;
let admin: string;
let dir: string;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness(
    { PUBLIC_URL: 'https://pass.example.org' },
    { services: ['identity', 'partners', 'vouchers', 'rendering'] },
  );
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  dir = await mkdtemp(join(tmpdir(), 'avpass-card-language-'));
  admin = await h.adminToken();
  shop = await createPartnerWithUser(h, 'Card Language Shop');
});
afterAll(async () => {
  await db?.end();
  await h?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const bulk = (json: Record<string, unknown>, token: string | null = admin) =>
  h.api('/api/bulk-generate', { method: 'POST', token, json: bulkGenerateBody(json) });
const cardWords = async (id: string, json: Record<string, unknown> = {}) => {
  const pdf = await download(h, '/api/generate-qr-image', {
    token: admin,
    json: { qrData: { id }, format: 'pdf', ...json },
  });
  expect(pdf.status).toBe(200);
  const path = await saveTo(dir, `${id}-${Object.values(json).join('-')}.pdf`, pdf.data);
  return (await run('pdftotext', [path, '-'])).stdout.replace(/\s+/g, ' ');
};

describe('a batch carries its card language', () => {
  it('Spanish: kept, answered, listed, and its cards print in Spanish (single card and print sheet)', async () => {
    const res = await bulk({ batchName: 'Lote en español', cardLanguage: 'es' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.cardLanguage).toBe('es');
    const stored = await db.query('select card_language from vouchers.batches where id = $1', [
      res.body.batchId,
    ]);
    expect(stored.rows).toEqual([{ card_language: 'es' }]);
    const list = await h.api('/api/admin/batches?search=español', { token: admin });
    expect(list.body.items).toEqual([
      expect.objectContaining({ batchId: res.body.batchId, cardLanguage: 'es' }),
    ]);
    const detail = await h.api(`/api/admin/batches/${res.body.batchId}`, { token: admin });
    expect(detail.body.cardLanguage).toBe('es');

    const words = await cardWords(res.body.sample.id);
    expect(words).toContain('VÁLIDO HASTA');
    expect(words).toContain('10% de descuento');
    expect(words).not.toContain('VALID UNTIL');
    // A single download may ask for another language (checked against the list).
    expect(await cardWords(res.body.sample.id, { cardLanguage: 'en' })).toContain('VALID UNTIL');

    // The worker prints the batch's language from the vouchers service's record, not from the job.
    const created = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: admin,
      json: { batchId: res.body.batchId, format: 'pdf', sheet: 'letter' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const job = await waitForJob(h, created.body.id, admin);
    expect(job.state).toBe('completed');
    const sheet = await download(h, job.downloadUrl, { token: admin });
    const path = await saveTo(dir, 'sheet-es.pdf', sheet.data);
    const sheetWords = (await run('pdftotext', [path, '-'])).stdout.replace(/\s+/g, ' ');
    expect(sheetWords).toContain('VÁLIDO HASTA');
    expect(sheetWords).toContain('Escanee o escriba el enlace');
  });

  it('bilingual: both languages on the card; a partner’s own batch takes it too', async () => {
    const res = await bulk({ batchName: 'Both', cardLanguage: 'bilingual' }, shop.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.cardLanguage).toBe('bilingual');
    const words = await cardWords(res.body.sample.id);
    for (const word of [
      'VALID UNTIL',
      'VÁLIDO HASTA',
      '10% Off',
      '10% de descuento',
      'Dec 31, 2099',
      '31 dic 2099',
    ])
      expect(words).toContain(word);
  });

  it('an older client that sends no cardLanguage gets an English batch and English cards, as before', async () => {
    const res = await bulk({ batchName: 'Old client' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.cardLanguage).toBe('en');
    const words = await cardWords(res.body.sample.id);
    expect(words).toContain('VALID UNTIL');
    expect(words).toContain('12/31/2099');
    expect(words).not.toContain('VÁLIDO');
  });

  it.each([['fr'], [''], [42], [null], ['ES'], [['es']]])(
    'cardLanguage %j is a 400 with its message and a stable code, and makes no batch',
    async (cardLanguage) => {
      const before = await db.query('select count(*)::int as n from vouchers.batches');
      const res = await bulk({ batchName: 'Refused', cardLanguage });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ cardLanguage: [CARD_LANGUAGE_MESSAGE] });
      expect(res.body.errorCodes).toEqual({
        cardLanguage: [{ code: 'voucher.batch.card-language.invalid' }],
      });
      const after = await db.query('select count(*)::int as n from vouchers.batches');
      expect(after.rows[0].n).toBe(before.rows[0].n);
    },
  );

  it('a card download asking for a language not on the list is a 400 with the same code', async () => {
    const made = await bulk({ batchName: 'For download' });
    const res = await h.api('/api/generate-qr-image', {
      method: 'POST',
      token: admin,
      json: { qrData: { id: made.body.sample.id }, format: 'pdf', cardLanguage: 'de' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCodes).toEqual({ cardLanguage: [{ code: 'voucher.batch.card-language.invalid' }] });
  });

  it('roles: no session is a 401; a partner sees no batch list; nothing is made', async () => {
    expect((await bulk({ batchName: 'Anonymous', cardLanguage: 'es' }, null)).status).toBe(401);
    expect((await h.api('/api/admin/batches', { token: shop.token })).status).toBe(403);
    const made = await db.query("select count(*)::int as n from vouchers.batches where name = 'Anonymous'");
    expect(made.rows[0].n).toBe(0);
  });
});
