import type { CardSize, QrCode, SheetSize } from '@avpass/contracts';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { overlappingWords, pdfWords, wordsOffPage } from '@avpass/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardSheetPdf } from '../src/render/card-pdf';
import { VoucherRenderer } from '../src/render/voucher-renderer';
import { qrCodeFixture } from './support/fixtures';

/**
 * The card as a printer gets it: every variant and script, checked with poppler's own tools (page
 * size, embedded fonts, words inside the page) and a QR decoded from a 150 dpi raster by zbar.
 * Set CARD_PRINT_DIR to keep the PDFs and page images for a look.
 */
const run = promisify(execFile);
let dir: string;
let renderer: VoucherRenderer;

beforeAll(async () => {
  dir = process.env.CARD_PRINT_DIR ?? (await mkdtemp(join(tmpdir(), 'avpass-print-')));
  await mkdir(join(dir, 'uploads'), { recursive: true });
  renderer = new VoucherRenderer({ dataDir: dir, timeZone: 'America/Los_Angeles' });
});
afterAll(async () => {
  if (!process.env.CARD_PRINT_DIR) await rm(dir, { recursive: true, force: true });
});

const LONG_TITLE =
  'The Extraordinarily Long-Named Northside Sports Physiotherapy & Rehabilitation Centre Summer Offer';
const CYRILLIC = 'Спортивная клиника «Здоровье»';
const GREEK = 'Κέντρο Φυσικοθεραπείας Αθήνα';
const CJK = '東京スポーツ整骨院 서울 체육관';

const VARIANTS: Record<string, Partial<QrCode>> = {
  partner: {
    customTitle: LONG_TITLE,
    clinicName: 'Peak Physio',
    terms: 'Not valid with other offers. '.repeat(12),
  },
  trainer: {
    qrType: 'trainer',
    partnerType: 'trainer',
    trainerName: 'Αλέξανδρος Παπαδόπουλος-Καραγιάννης',
    trainerRole: 'coach',
    clinicName: GREEK,
  },
  exclusive: {
    isProjectRootedExclusive: true,
    partnerType: 'exclusive',
    clinicName: CYRILLIC,
    exclusiveDetails: { specialInstructions: 'Покажите эту карту на ресепшене. '.repeat(6) },
  },
  cjk: { clinicName: CJK, customTitle: '春季特別優待券', service: '全身マッサージ 60分' },
};

interface PdfFacts {
  pageSize: string;
  pages: number;
  fonts: { name: string; emb: string }[];
  text: string;
  qr: string;
  /** Every word's box stays inside the page. */
  overflow: string[];
  /** No word is drawn over another. */
  overlaps: string[];
}

async function inspect(name: string, data: Buffer): Promise<PdfFacts> {
  const path = join(dir, `${name}.pdf`);
  await writeFile(path, data);
  const info = (await run('pdfinfo', [path])).stdout;
  const fontLines = (await run('pdffonts', [path])).stdout.trim().split('\n').slice(2);
  const fonts = fontLines.map((line) => {
    const cols = line.trim().split(/\s+/);
    // name type... encoding emb sub uni object ID: emb is the 5th column from the end.
    return { name: cols[0]!, emb: cols[cols.length - 5]! };
  });
  const text = (await run('pdftotext', ['-f', '1', '-l', '1', path, '-'])).stdout.replace(/\s+/g, ' ');
  const page = await pdfWords(path, { page: 1 });
  const overflow = wordsOffPage(page);
  const overlaps = overlappingWords(page.words);
  await run('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', path, join(dir, `${name}-page`)]);
  const raster = (await readdir(dir)).find((f) => f.startsWith(`${name}-page`) && f.endsWith('.png'))!;
  const qr = (await run('zbarimg', ['--raw', '-q', join(dir, raster)])).stdout.trim();
  return {
    pageSize: /Page size:\s+(.*)/.exec(info)?.[1]?.trim() ?? '',
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
    fonts,
    text,
    qr,
    overflow,
    overlaps,
  };
}

const PAGE_SIZES: Record<CardSize, RegExp> = {
  a6: /^297\.638 x 419\.528 pts/, // 105 × 148 mm
  '4x6': /^288 x 432 pts$/,
};

describe('the printed voucher card', () => {
  for (const size of ['a6', '4x6'] as const) {
    for (const [variant, overrides] of Object.entries(VARIANTS)) {
      it(`${variant} on ${size}: exact page, fonts embedded, every word on the page, QR scans at 150 dpi`, async () => {
        const code = qrCodeFixture(overrides);
        const file = await renderer.render(code, 'pdf', 'card', size);
        const pdf = await inspect(`card-${variant}-${size}`, file.data);
        expect(pdf.pageSize).toMatch(PAGE_SIZES[size]);
        expect(pdf.pages).toBe(1);
        expect(pdf.fonts.length).toBeGreaterThan(0);
        expect(pdf.fonts.filter((f) => f.emb !== 'yes')).toEqual([]);
        expect(pdf.fonts.map((f) => f.name).join(' ')).toContain('DejaVuSans');
        expect(pdf.overflow).toEqual([]);
        expect(pdf.overlaps).toEqual([]);
        expect(pdf.qr).toBe(code.qrUrl);
        expect(pdf.text).toContain('VALID UNTIL');
        expect(pdf.text).not.toMatch(/USAGE|ACTIVE|REDEEMED|EXPIRED/);
      });
    }
  }

  it('prints Cyrillic, Greek and CJK names as themselves, and the partner under a page title', async () => {
    const texts = async (overrides: Partial<QrCode>, name: string) =>
      (await inspect(name, (await renderer.render(qrCodeFixture(overrides), 'pdf', 'card')).data)).text;
    expect(await texts(VARIANTS.exclusive!, 'cyrillic')).toContain(CYRILLIC);
    const trainer = await texts(VARIANTS.trainer!, 'greek');
    expect(trainer).toContain('Αλέξανδρος');
    const cjk = await inspect(
      'cjk',
      (await renderer.render(qrCodeFixture(VARIANTS.cjk), 'pdf', 'card')).data,
    );
    expect(cjk.text.replace(/\s/g, '')).toContain('春季特別優待券');
    expect(cjk.text.replace(/\s/g, '')).toContain(CJK.replace(/\s/g, ''));
    expect(cjk.fonts.map((f) => f.name).join(' ')).toMatch(/NotoSansCJK/);
    // A custom title no longer hides whose voucher it is.
    const titled = await texts({ customTitle: 'Summer Special', clinicName: 'Peak Physio' }, 'titled');
    expect(titled).toContain('Summer Special');
    expect(titled).toContain('Peak Physio');
  });

  it('shrinks a long title instead of letting it run off the card', async () => {
    const text = (
      await inspect('long', (await renderer.render(qrCodeFixture(VARIANTS.partner), 'pdf', 'card')).data)
    ).text;
    expect(text).toContain(LONG_TITLE);
  });

  it('PNG and SVG cards keep the printed proportions and print no live state either', async () => {
    const code = qrCodeFixture({ usageCount: 1, usageLimit: 1 });
    const svg = (await renderer.render(code, 'svg', 'card', '4x6')).data.toString('utf8');
    const [, w, h] = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg) ?? [];
    expect(Number(h) / Number(w)).toBeCloseTo(1.5, 1);
    expect(svg).not.toMatch(/USAGE|REDEEMED|1 \/ 1/);
  });
});

describe('a sheet of cards', () => {
  const SHEETS: Record<SheetSize, RegExp> = {
    a4: /^595\.2\d* x 841\.8\d* pts \(A4\)$/,
    letter: /^612 x 792 pts \(letter\)$/,
  };
  for (const sheet of ['a4', 'letter'] as const) {
    it(`${sheet}: four cards a page with crop marks, fonts embedded, each QR scans`, async () => {
      const codes = Array.from({ length: 5 }, (_, i) =>
        qrCodeFixture({
          id: `3f2b1c7e-1234-4abc-9def-01234567890${i}`,
          clinicName: [CYRILLIC, GREEK, CJK, 'Peak Physio', LONG_TITLE][i]!,
        }),
      );
      const pdf = new CardSheetPdf(sheet, 'a6', 'cards');
      const chunks: Buffer[] = [];
      pdf.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      const ended = new Promise((resolve) => pdf.stream.on('end', resolve));
      for (const code of codes) pdf.add((await renderer.printLayout(code, 'a6')).layout);
      pdf.end();
      await ended;
      const facts = await inspect(`sheet-${sheet}`, Buffer.concat(chunks));
      expect(facts.pages).toBe(2);
      expect(facts.pageSize).toMatch(SHEETS[sheet]);
      expect(facts.fonts.filter((f) => f.emb !== 'yes')).toEqual([]);
      expect(facts.overflow).toEqual([]);
      expect(facts.overlaps).toEqual([]);
      // zbar finds all four symbols on the first page.
      const raster = (await readdir(dir)).find((f) => f.startsWith(`sheet-${sheet}-page`))!;
      const found = (await run('zbarimg', ['--raw', '-q', join(dir, raster)])).stdout.trim().split('\n');
      expect(found.sort()).toEqual(
        codes
          .slice(0, 4)
          .map((c) => c.qrUrl)
          .sort(),
      );
    });
  }
});
