import { UPLOAD_URL_PATTERN } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { readMultipart } from './multipart';

export interface ImageUploadRule {
  maxBytes: number;
  /** The spec's message for an oversized file, e.g. 'Please select a file smaller than 10MB'. */
  tooLargeMessage: string;
  notImageMessage: string;
}

/** Where an image comes in a multipart form, and what is said when it is missing. */
export interface ImageFormRule extends ImageUploadRule {
  /** The form field that carries the file. */
  field: string;
  /** The 400's message (also on the field) when no file came; absent: the image is optional. */
  missingMessage?: string;
  /** Forms with more text than a photo's (a merch item's fields) raise these. */
  formLimits?: { fields?: number; fieldSize?: number };
}

/** A form read with its image checked for presence and size (its content is judged when stored). */
export interface ReceivedImageForm {
  fields: Record<string, string>;
  /** The file's bytes; null when an optional image was not sent. */
  image: Buffer | null;
}

type ImageKind = 'png' | 'jpg' | 'webp';

/** Decodes at most this many pixels, so a small file that unpacks to a huge bitmap is refused. */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 2048;

/**
 * The platform's one upload path for images: the real content decides (magic bytes, then a full
 * decode), every image is re-encoded by sharp (which drops metadata and anything smuggled inside),
 * and it is stored under DATA_DIR with a generated name and served from /uploads.
 */
@Injectable()
export class ImageStore {
  readonly dir: string;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.dir = join(config.DATA_DIR, 'uploads');
  }

  /**
   * Reads a multipart form and its image: 400 with `missingMessage` when a required image is missing
   * or empty, 413 with `tooLargeMessage` past `maxBytes`. Use it alone when the form's fields must be
   * checked before anything is stored; else `storeUpload`.
   */
  async receive(
    request: FastifyRequest,
    rule: ImageFormRule & { missingMessage: string },
  ): Promise<ReceivedImageForm & { image: Buffer }>;
  async receive(request: FastifyRequest, rule: ImageFormRule): Promise<ReceivedImageForm>;
  async receive(request: FastifyRequest, rule: ImageFormRule): Promise<ReceivedImageForm> {
    const form = await readMultipart(request, rule.field, rule.maxBytes, rule.formLimits);
    const file = form.file && form.file.buffer.length > 0 ? form.file : null;
    if (!file) {
      if (rule.missingMessage === undefined) return { fields: form.fields, image: null };
      throw DomainError.validation(rule.missingMessage, { [rule.field]: [rule.missingMessage] });
    }
    if (file.truncated) throw new DomainError('PAYLOAD_TOO_LARGE', rule.tooLargeMessage);
    return { fields: form.fields, image: file.buffer };
  }

  /** The one read-and-store of an uploaded image: `receive`, then `store` (a required image). */
  async storeUpload(
    request: FastifyRequest,
    rule: ImageFormRule & { missingMessage: string },
  ): Promise<{ url: string; fields: Record<string, string> }>;
  /** An optional image: `url` is null when none was sent. */
  async storeUpload(
    request: FastifyRequest,
    rule: ImageFormRule,
  ): Promise<{ url: string | null; fields: Record<string, string> }>;
  async storeUpload(
    request: FastifyRequest,
    rule: ImageFormRule,
  ): Promise<{ url: string | null; fields: Record<string, string> }> {
    const { fields, image } = await this.receive(request, rule);
    return { url: image ? (await this.store(image, rule)).url : null, fields };
  }

  async store(buffer: Buffer, rule: ImageUploadRule): Promise<{ url: string }> {
    if (buffer.length > rule.maxBytes) throw new DomainError('PAYLOAD_TOO_LARGE', rule.tooLargeMessage);
    const kind = sniffImage(buffer);
    if (!kind) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', rule.notImageMessage);
    let output: Buffer;
    try {
      const pipeline = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
      output =
        kind === 'png'
          ? await pipeline.png({ compressionLevel: 8 }).toBuffer()
          : kind === 'webp'
            ? await pipeline.webp({ quality: 85 }).toBuffer()
            : await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    } catch {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', rule.notImageMessage);
    }
    await mkdir(this.dir, { recursive: true });
    const name = `${randomUUID()}.${kind}`;
    await writeFile(join(this.dir, name), output, { flag: 'wx' });
    return { url: `/uploads/${name}` };
  }

  /**
   * An uploaded image made into a square JPEG of `edge` pixels that is stored nowhere here (a member's
   * photo, decision 372, kept by the members service): the same checks as `store` (413 past
   * `maxBytes`, 415 when the bytes are no PNG, JPEG or WebP or do not decode), turned upright by its
   * EXIF orientation, cropped to the square around what draws the eye, transparency on white, and
   * re-encoded without metadata.
   */
  async squareJpeg(buffer: Buffer, rule: ImageUploadRule, edge: number, quality = 80): Promise<Buffer> {
    if (buffer.length > rule.maxBytes) throw new DomainError('PAYLOAD_TOO_LARGE', rule.tooLargeMessage);
    if (!sniffImage(buffer)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', rule.notImageMessage);
    try {
      return await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: edge, height: edge, fit: 'cover', position: sharp.strategy.attention })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality, mozjpeg: true })
        .toBuffer();
    } catch {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', rule.notImageMessage);
    }
  }

  /** Deletes a stored file by its /uploads URL (anything else is ignored: no path reaches outside). */
  async delete(url: string): Promise<void> {
    if (!UPLOAD_URL_PATTERN.test(url)) return;
    await rm(join(this.dir, url.slice('/uploads/'.length)), { force: true });
  }
}

export function sniffImage(buffer: Buffer): ImageKind | null {
  if (
    buffer.length >= 8 &&
    buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpg';
  if (
    buffer.length >= 12 &&
    buffer.toString('ascii', 0, 4) === 'RIFF' &&
    buffer.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}
