import { z } from 'zod';
import { cardLanguageSchema } from './card-language';
import { hasExactlyOneSource } from './common';
import { IDEMPOTENCY_KEY_PATTERN, RESOLVE_MAX_IDS } from './vouchers';
import { CARD_SIZES, DEFAULT_CARD_SIZE, RENDER_FORMATS, SHEET_SIZES, type RenderFormat } from './words';

export {
  CARD_SIZES,
  DEFAULT_CARD_SIZE,
  RENDER_FORMATS,
  SHEET_SIZES,
  type CardSize,
  type RenderFormat,
  type SheetSize,
} from './words';

/**
 * Rendering: single files (bare QR or the full voucher card) and bulk ZIP jobs. Everything printed
 * comes from the vouchers service's own record of the code, looked up by id; fields a client sends
 * are never printed.
 */

const formatField = z.enum(RENDER_FORMATS, 'Format must be png, pdf or svg');

/** 'qr' is the bare QR code; 'card' the full voucher card, as on the voucher page. */
export const RENDER_VARIANTS = ['qr', 'card'] as const;
export type RenderVariant = (typeof RENDER_VARIANTS)[number];

export const RENDER_MIME_TYPES: Readonly<Record<RenderFormat, string>> = {
  png: 'image/png',
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
};

/**
 * Printed sizes of the voucher card: A6 (105 × 148 mm) or 4 × 6 in, portrait. PDF pages have exactly
 * this size; PNG and SVG cards keep its proportions.
 */
const sizeField = z.enum(CARD_SIZES, 'Size must be a6 or 4x6');

const VOUCHER_PATH_ID = /\/voucher\/([0-9a-f-]{36})(?:[/?#]|$)/i;

/** The voucher id inside a `{origin}/voucher/{id}` link, or undefined. */
export function voucherIdFromUrl(url: string): string | undefined {
  return VOUCHER_PATH_ID.exec(url)?.[1]?.toLowerCase();
}

/**
 * POST /api/generate-qr-image {qrUrl, format, qrData?} -> the voucher card (qr-preview file).
 * Only the id is read from qrUrl or qrData.id; every other qrData field is ignored.
 */
export const generateQrImageRequestSchema = z
  .object({
    qrUrl: z.string().max(2000).optional(),
    format: formatField.optional().default('png'),
    size: sizeField.optional().default(DEFAULT_CARD_SIZE),
    /** The card's language (issue 42); absent: its batch's, English for a code of no batch. */
    cardLanguage: cardLanguageSchema.optional(),
    qrData: z.object({ id: z.string().optional() }).passthrough().nullish(),
  })
  .transform((body, ctx) => {
    const id = body.qrData?.id ?? (body.qrUrl ? voucherIdFromUrl(body.qrUrl) : undefined);
    const parsed = z.string().uuid().safeParse(id);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['qrUrl'],
        message: 'qrUrl must be a voucher link ({origin}/voucher/{id}) or qrData.id a voucher id',
      });
      return z.NEVER;
    }
    return {
      id: parsed.data.toLowerCase(),
      format: body.format,
      size: body.size,
      ...(body.cardLanguage ? { cardLanguage: body.cardLanguage } : {}),
    };
  });
export type GenerateQrImageRequest = z.input<typeof generateQrImageRequestSchema>;

/** POST /api/download-qr {qrCode, format} -> the bare QR. qrCode is an id or an object with one. */
export const downloadQrRequestSchema = z
  .object({
    qrCode: z.union([z.string(), z.object({ id: z.string() }).passthrough()], {
      error: 'qrCode is required (a voucher id or an object with its id)',
    }),
    format: formatField.optional().default('png'),
    variant: z.enum(RENDER_VARIANTS).optional().default('qr'),
    size: sizeField.optional().default(DEFAULT_CARD_SIZE),
    /** The card's language (issue 42); absent: its batch's, English for a code of no batch. */
    cardLanguage: cardLanguageSchema.optional(),
  })
  .transform((body, ctx) => {
    const id = typeof body.qrCode === 'string' ? body.qrCode : body.qrCode.id;
    const parsed = z.string().uuid().safeParse(id);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['qrCode'], message: 'qrCode must be a voucher id' });
      return z.NEVER;
    }
    return {
      id: parsed.data.toLowerCase(),
      format: body.format,
      variant: body.variant,
      size: body.size,
      ...(body.cardLanguage ? { cardLanguage: body.cardLanguage } : {}),
    };
  });
export type DownloadQrRequest = z.input<typeof downloadQrRequestSchema>;

/** One rendered file, base64 in the NATS answer; the gateway sends it as a download. */
export const renderedFileSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  /** base64 */
  data: z.string(),
});
export type RenderedFile = z.infer<typeof renderedFileSchema>;

/**
 * POST /api/bulk-download-zip: enqueues a ZIP job; answers 202 with the job. Exactly one of qrCodes
 * (ids or objects with an id), batchId, or all ("Download All").
 */
export const bulkDownloadZipRequestSchema = z
  .object({
    qrCodes: z
      .array(z.union([z.string(), z.object({ id: z.string() }).passthrough()]))
      .max(RESOLVE_MAX_IDS, 'At most 10000 QR codes per ZIP; download a batch or everything instead')
      .optional(),
    batchId: z.string().uuid('Not a valid batch id').optional(),
    all: z.boolean().optional(),
    format: formatField.optional().default('png'),
    variant: z.enum(RENDER_VARIANTS).optional().default('card'),
    size: sizeField.optional().default(DEFAULT_CARD_SIZE),
    /** Instead of a ZIP of one file per code: one PDF of cards on A4 or Letter sheets, with crop marks. */
    sheet: z.enum(SHEET_SIZES, 'Sheet must be a4 or letter').optional(),
    /** The `Idempotency-Key` header (added by the gateway): a retry with it answers the same job. */
    idempotencyKey: z
      .string()
      .regex(IDEMPOTENCY_KEY_PATTERN, 'Idempotency-Key must be 1-200 visible ASCII characters')
      .optional(),
  })
  .transform((body, ctx) => {
    if (!hasExactlyOneSource(body, 'qrCodes', ctx)) return z.NEVER;
    let ids: string[] | undefined;
    if (body.qrCodes) {
      ids = [];
      for (const [i, code] of body.qrCodes.entries()) {
        const id = typeof code === 'string' ? code : code.id;
        const parsed = z.string().uuid().safeParse(id);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', path: ['qrCodes', i], message: 'Not a valid QR code id' });
          return z.NEVER;
        }
        ids.push(parsed.data.toLowerCase());
      }
      if (!ids.length) {
        ctx.addIssue({ code: 'custom', path: ['qrCodes'], message: 'Please select QR codes to download' });
        return z.NEVER;
      }
      ids = [...new Set(ids)];
    }
    return {
      ...(ids ? { ids } : {}),
      ...(body.batchId ? { batchId: body.batchId } : {}),
      ...(body.all ? { all: true } : {}),
      format: body.format,
      variant: body.variant,
      size: body.size,
      ...(body.sheet ? { sheet: body.sheet } : {}),
      ...(body.idempotencyKey !== undefined ? { idempotencyKey: body.idempotencyKey } : {}),
    };
  });
export type BulkDownloadZipRequest = z.input<typeof bulkDownloadZipRequestSchema>;
export type BulkDownloadZipInput = z.output<typeof bulkDownloadZipRequestSchema>;

export const JOB_STATES = ['queued', 'active', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** GET /api/jobs/{id} (the job's owner only). */
export const zipJobSchema = z.object({
  id: z.string(),
  state: z.enum(JOB_STATES),
  /** 0-100 */
  progress: z.number().int().min(0).max(100),
  total: z.number().int(),
  done: z.number().int(),
  format: z.enum(RENDER_FORMATS),
  variant: z.enum(RENDER_VARIANTS),
  fileName: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** GET this when state is completed; the file is purged 24 hours after it finished. */
  downloadUrl: z.string(),
  /** While queued: how many jobs wait ahead of this one (0 = next); null otherwise. */
  position: z.number().int().min(0).nullable().optional(),
  /** Set for a print sheet: the job's file is one PDF of cards (fileName ends .pdf), not a ZIP. */
  sheet: z.enum(SHEET_SIZES).nullable().optional(),
});
export type ZipJob = z.infer<typeof zipJobSchema>;

/** POST /api/queues/session: sets the short-lived HttpOnly cookie that opens the queue board. */
export const queueBoardSessionSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type QueueBoardSession = z.infer<typeof queueBoardSessionSchema>;

/**
 * Where a finished job's file is, relative to DATA_DIR, as rendering says it: a plain file name in
 * `jobs/`, a ZIP, or a PDF for a print sheet (one file, so not wrapped in a ZIP). The gateway serves
 * nothing else (and checks the resolved path stays in DATA_DIR/jobs).
 */
export const JOB_FILE_LOCATION = /^jobs\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(zip|pdf)$/;

/** The Content-Type a job's file is served with, from its location's extension. */
export function jobFileContentType(location: string): 'application/pdf' | 'application/zip' {
  return location.endsWith('.pdf') ? 'application/pdf' : 'application/zip';
}

/** Internal: rendering.jobs.file answers for the job's owner once the ZIP is ready. */
export const zipJobFileSchema = z.object({
  /** The download's name (Content-Disposition). */
  fileName: z.string(),
  /** The file, relative to DATA_DIR (JOB_FILE_LOCATION): rendering decides it, the gateway streams it. */
  file: z.string().regex(JOB_FILE_LOCATION, 'Not a job file location'),
});
export type ZipJobFile = z.infer<typeof zipJobFileSchema>;

/**
 * POST /api/jobs/{id}/link (the job's owner, once it is ready): a short-lived link that downloads the
 * ZIP without a bearer token (a browser navigates to it: the file streams to disk, never into memory).
 */
export const zipDownloadLinkSchema = z.object({
  /** `/api/downloads/{token}`: GET it (Range requests too) until expiresAt. */
  url: z.string(),
  expiresAt: z.string(),
});
export type ZipDownloadLink = z.infer<typeof zipDownloadLinkSchema>;

/** A ZIP job's id, as GET /api/jobs/{id} and its file take it. */
export const jobIdRequestSchema = z.object({ id: z.string().uuid('Not a valid job id') });
