import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { voucherText, type PublicVoucher } from '@avpass/contracts';
import sharp from 'sharp';

/**
 * The club's colours on the pass: the theme's navy 900 behind, white text, teal 300 labels
 * (frontend/src/theme/tokens.ts; a service cannot import the frontend). Teal 300 on navy 900 is
 * about 11:1, white on navy 900 about 16:1.
 */
export const PASS_COLOURS = {
  background: { r: 11, g: 31, b: 58 },
  foreground: { r: 255, g: 255, b: 255 },
  label: { r: 124, g: 233, b: 205 },
} as const;

/** Only files the upload module stored (`/uploads/<uuid>.<ext>`); never a URL, never a path outside. */
const UPLOAD_FILE = /^\/uploads\/([a-z0-9-]+\.(?:png|jpg|webp))$/;
const CACHE_SIZE = 64;

/** Apple's sizes in points; each image is also written at @2x and @3x (Retina phones pick those). */
const SCALES = [1, 2, 3] as const;
const ICON_PT = 29;
const LOGO_PT = { width: 160, height: 50 };
const THUMBNAIL_PT = 90;

type ImageKind = 'logo' | 'thumbnail';

const scaledName = (base: string, scale: number) => (scale === 1 ? `${base}.png` : `${base}@${scale}x.png`);
const hex = ({ r, g, b }: { r: number; g: number; b: number }) =>
  `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;

/**
 * The club's mark: "AV" in strokes (no font needed on the server) on the club's navy. Strokes, not
 * text, so the icon is the same on every machine, fonts installed or not.
 */
function iconSvg(px: number): string {
  const ink = hex(PASS_COLOURS.foreground);
  const accent = hex(PASS_COLOURS.label);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${hex(PASS_COLOURS.background)}"/>` +
    `<g fill="none" stroke-width="10" stroke-linecap="round" stroke-linejoin="round">` +
    `<path stroke="${ink}" d="M13 76 L31 24 L49 76 M21 58 H41"/>` +
    `<path stroke="${accent}" d="M53 24 L70 76 L87 24"/>` +
    `</g></svg>`
  );
}

let iconFiles: Promise<Record<string, Buffer>> | undefined;

/** icon.png, @2x, @3x: the same for every pass, rendered once per process. */
function renderIcon(): Promise<Record<string, Buffer>> {
  iconFiles ??= Promise.all(
    SCALES.map(async (scale) => {
      const px = ICON_PT * scale;
      const png = await sharp(Buffer.from(iconSvg(px)))
        .resize(px, px)
        .png()
        .toBuffer();
      return [scaledName('icon', scale), png] as const;
    }),
  )
    .then((entries) => Object.fromEntries(entries))
    .catch((error: unknown) => {
      iconFiles = undefined; // tried again by the next pass
      throw error;
    });
  return iconFiles;
}

function resize(source: Buffer, kind: ImageKind, scale: number): Promise<Buffer> {
  const image = sharp(source, { limitInputPixels: 50_000_000 });
  if (kind === 'logo') {
    // Fits Apple's 160x50 pt logo area; transparency is kept (the pass's navy shows through).
    return image
      .resize(LOGO_PT.width * scale, LOGO_PT.height * scale, { fit: 'inside' })
      .png()
      .toBuffer();
  }
  const px = THUMBNAIL_PT * scale;
  return image.resize(px, px, { fit: 'cover', position: 'attention' }).png().toBuffer();
}

/**
 * The images of a voucher's pass, read from DATA_DIR/uploads: the club's icon (always; Wallet
 * refuses a pass without one), the partner's logo, and a trainer code's photo as thumbnail. A missing
 * or unreadable upload is simply left out, as the voucher page shows initials instead. Resized images
 * are kept in a small cache: a club's passes share a few logos.
 */
export class PassImages {
  private readonly cache = new Map<string, Promise<Record<string, Buffer> | null>>();

  constructor(private readonly uploadsDir: string) {}

  /** A member pass's images: the club's icon only (issue 43). */
  icon(): Promise<Record<string, Buffer>> {
    return renderIcon();
  }

  async load(voucher: PublicVoucher): Promise<Record<string, Buffer>> {
    const trainer = voucherText(voucher).isTrainer;
    const [icon, logo, thumbnail] = await Promise.all([
      renderIcon(),
      this.upload(voucher.partners?.[0]?.logoUrl ?? voucher.logoUrl, 'logo'),
      trainer ? this.upload(voucher.trainerImage, 'thumbnail') : Promise.resolve(null),
    ]);
    return { ...icon, ...logo, ...thumbnail };
  }

  private upload(url: string | null | undefined, kind: ImageKind): Promise<Record<string, Buffer> | null> {
    const file = url ? UPLOAD_FILE.exec(url)?.[1] : undefined;
    if (!file) return Promise.resolve(null);
    const key = `${kind} ${file}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const loading = this.read(file, kind, key);
    this.cache.set(key, loading);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return loading;
  }

  private async read(file: string, kind: ImageKind, key: string): Promise<Record<string, Buffer> | null> {
    try {
      const source = await readFile(join(this.uploadsDir, file));
      const sizes = await Promise.all(SCALES.map((scale) => resize(source, kind, scale)));
      return Object.fromEntries(sizes.map((png, i) => [scaledName(kind, SCALES[i] ?? 1), png]));
    } catch {
      // Left out of the pass; asked again next time (the file may be uploaded again).
      this.cache.delete(key);
      return null;
    }
  }
}
