import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFileName, slugify, UniqueEntryNames } from '../src/render/file-names';
import { QR_MARGIN_MODULES, QR_PNG_PX, qrMatrix } from '../src/render/qr-matrix';
import { VoucherRenderer } from '../src/render/voucher-renderer';
import { qrCodeFixture } from './support/fixtures';

const run = promisify(execFile);
let dir: string;
let renderer: VoucherRenderer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'avpass-render-'));
  await mkdir(join(dir, 'uploads'));
  renderer = new VoucherRenderer({ dataDir: dir, timeZone: 'America/Los_Angeles' });
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function saved(name: string, data: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, data);
  return path;
}
const zbar = async (path: string) => (await run('zbarimg', ['--raw', '-q', path])).stdout.trim();
// Words as one line each way, so a title wrapped on the card still reads as one phrase.
const pdfText = async (path: string) => (await run('pdftotext', [path, '-'])).stdout.replace(/\s+/g, ' ');

/** The QR of a PDF page, decoded from a 150 dpi raster of it. */
async function decodePdfQr(pdfPath: string): Promise<string> {
  const prefix = `${pdfPath}-page`;
  await run('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', pdfPath, prefix]);
  const page = (await readdir(dir)).find((f) => join(dir, f).startsWith(prefix) && f.endsWith('.png'));
  return zbar(join(dir, page!));
}

describe('the bare QR code', () => {
  const code = qrCodeFixture();

  it('is a 600 px grey PNG that scans back to the exact voucher link', async () => {
    const file = await renderer.render(code, 'png', 'qr');
    expect(file).toMatchObject({ fileName: 'qr-code-peak-physio-3f2b1c7e.png', contentType: 'image/png' });
    const meta = await sharp(file.data).metadata();
    expect(meta).toMatchObject({ width: 600, height: 600, hasAlpha: false });
    expect(meta.channels).toBe(1);
    expect(await zbar(await saved('bare.png', file.data))).toBe(code.qrUrl);
  });

  it('as PNG is 1-bit black and white, pixel for pixel the symbol with its 2-module quiet zone', async () => {
    const file = await renderer.render(code, 'png', 'qr');
    expect(file.data.length).toBeLessThan(2048); // an 8-bit encode of the same image is ~8 KB
    const { data, info } = await sharp(file.data)
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: QR_PNG_PX, height: QR_PNG_PX, channels: 1 });
    const matrix = qrMatrix(code.qrUrl);
    const total = matrix.size + 2 * QR_MARGIN_MODULES;
    const modulePx = QR_PNG_PX / total;
    let checked = 0;
    for (let my = -QR_MARGIN_MODULES; my < matrix.size + QR_MARGIN_MODULES; my++) {
      for (let mx = -QR_MARGIN_MODULES; mx < matrix.size + QR_MARGIN_MODULES; mx++) {
        // The pixel at the module's centre.
        const px = Math.floor((mx + QR_MARGIN_MODULES + 0.5) * modulePx);
        const py = Math.floor((my + QR_MARGIN_MODULES + 0.5) * modulePx);
        const inside = mx >= 0 && my >= 0 && mx < matrix.size && my < matrix.size;
        const dark = inside && matrix.data[my * matrix.size + mx] === 1;
        expect(data[py * QR_PNG_PX + px], `module ${mx},${my}`).toBe(dark ? 0 : 255);
        checked++;
      }
    }
    expect(checked).toBe(total * total);
  });

  it('as SVG renders and scans to the same link', async () => {
    const file = await renderer.render(code, 'svg', 'qr');
    expect(file.contentType).toBe('image/svg+xml');
    expect(file.fileName).toBe('qr-code-peak-physio-3f2b1c7e.svg');
    const png = await sharp(file.data).png().toBuffer();
    expect(await zbar(await saved('bare-svg.png', png))).toBe(code.qrUrl);
  });

  it('as PDF is a valid document whose QR scans', async () => {
    const file = await renderer.render(code, 'pdf', 'qr');
    const path = await saved('bare.pdf', file.data);
    await run('pdfinfo', [path]);
    expect(await decodePdfQr(path)).toBe(code.qrUrl);
  });
});

describe('the voucher card', () => {
  const code = qrCodeFixture({
    clinicName: '<script>alert(1)</script> & "Quotes"',
    discountType: 'fixed',
    discountValue: 15,
    usageLimit: 999999,
  });

  it('as PDF has real text (title, discount, valid until) and a QR that scans', async () => {
    const file = await renderer.render(code, 'pdf', 'card');
    expect(file).toMatchObject({
      fileName: 'qr-preview-script-alert-1-script-quotes-3f2b1c7e.pdf',
      contentType: 'application/pdf',
    });
    const path = await saved('card.pdf', file.data);
    const info = (await run('pdfinfo', [path])).stdout;
    expect(info).toMatch(/Pages:\s+1/);
    const text = await pdfText(path);
    expect(text).toContain('<script>alert(1)</script> & "Quotes"');
    expect(text).toContain('$15 Off');
    expect(text).toContain('VALID UNTIL');
    expect(text).toContain('12/31/2026');
    expect(text).toContain('Sports Massage'); // the leading FREE is dropped
    expect(text).toContain('Sports Clinic');
    expect(text).toContain('TERMS & CONDITIONS');
    expect(text).toContain('pass.example.org/voucher/3f2b1c7e-1234-4abc-9def-0123456789ab');
    // A printed card outlives any count or status: neither is printed.
    expect(text).not.toMatch(/USAGE|ACTIVE|2 \/ ∞/);
    expect(await decodePdfQr(path)).toBe(code.qrUrl);
  });

  it('as SVG is well-formed with every text escaped, and renders with a scannable QR', async () => {
    const file = await renderer.render(code, 'svg', 'card');
    const svg = file.data.toString('utf8');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Quotes&quot;');
    expect(svg).not.toContain('2 / ∞');
    expect(svg).not.toContain('ACTIVE');
    // librsvg refuses malformed XML; a rendered image proves the document parses.
    const png = await sharp(file.data).flatten({ background: '#ffffff' }).png().toBuffer();
    const meta = await sharp(png).metadata();
    expect(meta.width).toBe(600);
    expect(await zbar(await saved('card-svg.png', png))).toBe(code.qrUrl);
  });

  it('as PNG has no alpha channel and its QR scans', async () => {
    const file = await renderer.render(code, 'png', 'card');
    expect(file.fileName).toBe('qr-preview-script-alert-1-script-quotes-3f2b1c7e.png');
    expect((await sharp(file.data).metadata()).hasAlpha).toBe(false);
    expect(await zbar(await saved('card.png', file.data))).toBe(code.qrUrl);
  });

  it('shows redemption instructions only for exclusive vouchers, and never a live state', async () => {
    const instructions = 'Show this card at the front desk';
    const exclusive = qrCodeFixture({
      isProjectRootedExclusive: true,
      exclusiveDetails: { specialInstructions: instructions },
    });
    const plain = qrCodeFixture({ exclusiveDetails: { specialInstructions: instructions } });
    const text = async (c: typeof exclusive, name: string) =>
      pdfText(await saved(name, (await renderer.render(c, 'pdf', 'card')).data));
    const exclusiveText = await text(exclusive, 'exclusive.pdf');
    expect(exclusiveText).toContain('REDEMPTION INSTRUCTIONS');
    expect(exclusiveText).toContain(instructions);
    expect(await text(plain, 'plain.pdf')).not.toContain('REDEMPTION INSTRUCTIONS');

    // Expired or used up, the card prints the same words: the voucher page tells the live state.
    const expired = await text(qrCodeFixture({ expirationDate: '2020-05-31' }), 'expired.pdf');
    expect(expired).not.toContain('EXPIRED');
    expect(expired).toContain('05/31/2020');
    const usedUp = await text(qrCodeFixture({ usageCount: 5, usageLimit: 5 }), 'used.pdf');
    expect(usedUp).not.toContain('REDEEMED');
    expect(usedUp).not.toMatch(/5 ?\/ ?5/);
    const open = await text(qrCodeFixture({ expirationDate: null }), 'open.pdf');
    expect(open).toContain('No expiration date');
  });

  it('uses the uploaded logo from DATA_DIR, or the initials when there is none', async () => {
    const logo = await sharp({
      create: { width: 300, height: 150, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    await writeFile(join(dir, 'uploads', '0f8e2a4c-1111-4222-8333-944455556666.png'), logo);
    const withLogo = await renderer.render(
      qrCodeFixture({ logoUrl: '/uploads/0f8e2a4c-1111-4222-8333-944455556666.png' }),
      'svg',
      'card',
    );
    expect(withLogo.data.toString('utf8')).toContain('data:image/png;base64,');
    const initials = await renderer.render(qrCodeFixture(), 'svg', 'card');
    expect(initials.data.toString('utf8')).toContain('>PP</text>');
    // Not an upload of ours (or a missing file): initials, and nothing is fetched.
    const foreign = await renderer.render(
      qrCodeFixture({ logoUrl: 'http://169.254.169.254/latest/meta-data' }),
      'svg',
      'card',
    );
    expect(foreign.data.toString('utf8')).toContain('>PP</text>');
  });

  it('the trainer variant shows name, role label and Rooted Athletics Member', async () => {
    const trainer = qrCodeFixture({
      qrType: 'trainer',
      trainerName: 'Jordan Lee',
      trainerRole: 'coach',
      partnerType: 'partner',
    });
    const text = await pdfText(
      await saved('trainer.pdf', (await renderer.render(trainer, 'pdf', 'card')).data),
    );
    expect(text).toContain('Jordan Lee');
    expect(text).toContain('Coach');
    expect(text).toContain('Rooted Athletics Member');
  });
});

describe('file names', () => {
  it('follow spec section 9 and stay unique inside a ZIP', () => {
    expect(slugify('Café Déjà Vu & Co.')).toBe('cafe-deja-vu-co');
    expect(slugify('<<>>')).toBe('voucher');
    expect(renderFileName('Peak Physio', 'abcdef12-0000-4000-8000-000000000000', 'svg', 'card')).toBe(
      'qr-preview-peak-physio-abcdef12.svg',
    );
    const names = new UniqueEntryNames();
    const a = names.take('qr-code-x-abcdef12.png', 'abcdef12-0000-4000-8000-000000000001');
    const b = names.take('qr-code-x-abcdef12.png', 'abcdef12-0000-4000-8000-000000000002');
    expect(a).toBe('qr-code-x-abcdef12.png');
    expect(b).toBe('qr-code-x-abcdef12-abcdef12-0000-4000-8000-000000000002.png');
  });
});
