import type { CardLanguage, CardSize, QrCode } from '@avpass/contracts';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { overlappingWords, pdfWords, wordsOffPage } from '@avpass/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoucherRenderer } from '../src/render/voucher-renderer';
import { qrCodeFixture } from './support/fixtures';

/**
 * A batch's card language (issue 42, decision 359): the card as the printer gets it, read back with
 * poppler (its text layer, every word inside the page). Set CARD_PRINT_DIR to keep the PDFs and a
 * 100 dpi image of each for a look.
 */
const run = promisify(execFile);
let dir: string;
let renderer: VoucherRenderer;

beforeAll(async () => {
  dir = process.env.CARD_PRINT_DIR ?? (await mkdtemp(join(tmpdir(), 'avpass-card-language-')));
  await mkdir(join(dir, 'uploads'), { recursive: true });
  renderer = new VoucherRenderer({ dataDir: dir, timeZone: 'America/Los_Angeles' });
});
afterAll(async () => {
  if (!process.env.CARD_PRINT_DIR) await rm(dir, { recursive: true, force: true });
});

async function printed(
  name: string,
  code: QrCode,
  language?: CardLanguage,
  size: CardSize = 'a6',
): Promise<{ text: string; overflow: string[]; overlaps: string[] }> {
  const path = join(dir, `${name}.pdf`);
  await writeFile(path, (await renderer.render(code, 'pdf', 'card', size, language)).data);
  const text = (await run('pdftotext', [path, '-'])).stdout.replace(/\s+/g, ' ');
  const page = await pdfWords(path);
  const overflow = wordsOffPage(page);
  const overlaps = overlappingWords(page.words);
  if (process.env.CARD_PRINT_DIR) await run('pdftoppm', ['-png', '-r', '100', path, join(dir, name)]);
  return { text, overflow, overlaps };
}

const ENGLISH = [
  'SERVICE',
  'VALID UNTIL',
  'TERMS & CONDITIONS',
  '25% Off',
  'Sports Clinic',
  'Scan or type the link',
];
const SPANISH = [
  'SERVICIO',
  'VÁLIDO HASTA',
  'TÉRMINOS Y CONDICIONES',
  '25% de descuento',
  'Clínica deportiva',
  'Escanee o escriba el enlace para abrir este cupón',
];

describe("a batch's card language", () => {
  it('a card of a Spanish batch prints its fixed words in Spanish, the voucher’s own as they are', async () => {
    const card = await printed('spanish', qrCodeFixture({ cardLanguage: 'es' }));
    for (const word of SPANISH) expect(card.text).toContain(word);
    expect(card.text).toContain('31/12/2026');
    expect(card.text).toContain('Sports Massage');
    expect(card.text).not.toMatch(/VALID UNTIL|Scan or type/);
    expect(card.overflow).toEqual([]);
    expect(card.overlaps).toEqual([]);
  });

  for (const size of ['a6', '4x6'] as const)
    it(`a bilingual card on ${size} prints both languages, the date by its month's name, nothing off the page`, async () => {
      const card = await printed(
        `bilingual-${size}`,
        qrCodeFixture({ cardLanguage: 'bilingual' }),
        undefined,
        size,
      );
      for (const word of [...ENGLISH, ...SPANISH]) expect(card.text).toContain(word);
      expect(card.text).toContain('Dec 31, 2026');
      expect(card.text).toContain('31 dic 2026');
      expect(card.overflow).toEqual([]);
      expect(card.overlaps).toEqual([]);
    });

  it('a bilingual trainer’s card and an exclusive’s instructions say both, nothing off the page', async () => {
    const trainer = await printed(
      'bilingual-trainer',
      qrCodeFixture({
        cardLanguage: 'bilingual',
        qrType: 'trainer',
        partnerType: 'trainer',
        trainerName: 'Jordan Rivera',
        trainerRole: 'coach',
        expirationDate: null,
      }),
    );
    for (const word of ['Coach', 'Entrenador', 'Rooted Athletics Member', 'Miembro de Rooted Athletics'])
      expect(trainer.text).toContain(word);
    expect(trainer.text).toContain('No expiration date');
    expect(trainer.text).toContain('Sin fecha de vencimiento');
    expect(trainer.overflow).toEqual([]);
    expect(trainer.overlaps).toEqual([]);
    const exclusive = await printed(
      'bilingual-exclusive',
      qrCodeFixture({
        cardLanguage: 'bilingual',
        isProjectRootedExclusive: true,
        partnerType: 'exclusive',
        discountType: 'fixed',
        discountValue: 150,
        exclusiveDetails: { specialInstructions: 'Show this card at the front desk. '.repeat(4) },
        terms: 'Not valid with other offers. '.repeat(10),
      }),
    );
    for (const word of [
      'REDEMPTION INSTRUCTIONS',
      'INSTRUCCIONES PARA CANJEAR',
      '$150 Off',
      '$150 de descuento',
    ])
      expect(exclusive.text).toContain(word);
    expect(exclusive.overflow).toEqual([]);
    expect(exclusive.overlaps).toEqual([]);
  });

  it('a code of no batch prints English as before; a download that asks for Spanish gets it', async () => {
    const english = await printed('english', qrCodeFixture());
    for (const word of ENGLISH) expect(english.text).toContain(word);
    expect(english.text).toContain('12/31/2026');
    expect(english.text).not.toMatch(/SERVICIO|Escanee/);
    const asked = await printed('asked', qrCodeFixture({ cardLanguage: 'en' }), 'es');
    expect(asked.text).toContain('VÁLIDO HASTA');
  });
});
