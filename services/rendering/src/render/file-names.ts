import type { RenderFormat, RenderVariant } from '@avpass/contracts';

/** 'Peak Physio & Co.' -> 'peak-physio-co'; at most 40 characters; 'voucher' when nothing is left. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'voucher';
}

/**
 * Spec section 9: `qr-code-{slug}-{id8}.{ext}` for the bare QR, `qr-preview-{slug}-{id8}.{ext}` for
 * the voucher card; the slug is the card's title.
 */
export function renderFileName(
  title: string,
  id: string,
  format: RenderFormat,
  variant: RenderVariant,
): string {
  const prefix = variant === 'card' ? 'qr-preview' : 'qr-code';
  return `${prefix}-${slugify(title)}-${id.slice(0, 8)}.${format}`;
}

/** Entry names inside one ZIP: the first 8 characters of two ids can collide, so a repeat gets the full id. */
export class UniqueEntryNames {
  private readonly used = new Set<string>();

  take(name: string, id: string): string {
    let candidate = name;
    if (this.used.has(candidate)) {
      const dot = name.lastIndexOf('.');
      candidate = `${name.slice(0, dot)}-${id}${name.slice(dot)}`;
      for (let i = 2; this.used.has(candidate); i++)
        candidate = `${name.slice(0, dot)}-${id}-${i}${name.slice(dot)}`;
    }
    this.used.add(candidate);
    return candidate;
  }
}
