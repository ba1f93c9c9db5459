import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CardImage } from './card-model';

/** Only files the upload module stored (`/uploads/<uuid>.<ext>`); never a URL, never a path outside. */
const UPLOAD_FILE = /^\/uploads\/([a-z0-9-]+\.(?:png|jpg|webp))$/;
const MAX_EDGE_PX = 240;
const CACHE_SIZE = 64;

/**
 * Logos and trainer photos read from DATA_DIR/uploads, shrunk and flattened on white once (PNG
 * without alpha embeds fast in PDF), and kept in a small cache: a batch of a thousand codes shares
 * one logo.
 */
export class UploadImages {
  private readonly cache = new Map<string, Promise<CardImage | null>>();

  constructor(private readonly uploadsDir: string) {}

  load(url: string | null | undefined): Promise<CardImage | null> {
    const file = url ? UPLOAD_FILE.exec(url)?.[1] : undefined;
    if (!file) return Promise.resolve(null);
    const cached = this.cache.get(file);
    if (cached) return cached;
    const loading = this.read(file);
    this.cache.set(file, loading);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return loading;
  }

  private async read(file: string): Promise<CardImage | null> {
    try {
      const source = await readFile(join(this.uploadsDir, file));
      const { data, info } = await sharp(source, { limitInputPixels: 50_000_000 })
        .resize(MAX_EDGE_PX, MAX_EDGE_PX, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer({ resolveWithObject: true });
      return { png: data, width: info.width, height: info.height };
    } catch {
      // A missing or unreadable file prints the initials instead, as the voucher page does.
      this.cache.delete(file);
      return null;
    }
  }
}
