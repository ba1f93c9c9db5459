import { z } from 'zod';
import { RESOLVE_MAX_IDS } from '../words';

export { RESOLVE_MAX_IDS } from '../words';
import { hasExactlyOneSource, UUID_PATTERN } from '../common';
import { numberInput } from '../validation';
import { qrCodeSchema } from './codes';
import { pageSchema } from './lists';

/** Internal (partners -> vouchers): the landing page's figures of these partners, from the tallies. */
export const partnerOfferCountsRequestSchema = z.object({
  partnerIds: z.array(z.string().uuid()).max(200),
});
export const partnerOfferCountsResponseSchema = z.object({
  counts: z.array(
    z.object({
      partnerId: z.string().uuid(),
      activeOffers: z.number().int().nonnegative(),
      totalQrCodes: z.number().int().nonnegative(),
    }),
  ),
});
export type PartnerOfferCounts = z.infer<typeof partnerOfferCountsResponseSchema>['counts'][number];

/**
 * Internal (gateway -> vouchers, issue 44): the titles of a page of codes the audit trail names (at
 * most an audit page's 200), read by primary key. A missing or deleted code is left out, never refused.
 * The title is the code's custom title, else its partner's name (`voucherTitleSource`).
 */
export const codeTitlesRequestSchema = z.object({
  ids: z.array(z.string().regex(UUID_PATTERN, 'Not a valid id')).max(200, 'At most 200 codes at a time'),
});
export const codeTitlesResponseSchema = z.object({
  codes: z.array(z.object({ id: z.string(), title: z.string() })),
});

/**
 * The most ids one resolve call takes (a ZIP's most, bulkDownloadZipRequestSchema): a ZIP's list of
 * ids is checked and counted in one call (limit 0), about 400 KB; its pages still hold at most `most`.
 */

/**
 * Internal (rendering -> vouchers): the codes an actor may print, in pages (a NATS message holds about
 * 1 MB). Exactly one of ids (at most RESOLVE_MAX_IDS per call), batchId or all. Ids the actor may not
 * see, or that do not exist, fail the whole call with NOT_FOUND; a company asking for a batch gets
 * FORBIDDEN.
 * Answer: Page<QrCode>, ordered by createdAt then id (ids: in the order asked).
 */
/** What rendering asks vouchers for: codes by ids, a batch or "all", up to `most` a page. */
const resolveRequestSchema = (most: number) =>
  z
    .object({
      ids: z.array(z.string().uuid()).max(RESOLVE_MAX_IDS).optional(),
      batchId: z.string().uuid().optional(),
      /** Every code the actor may see (super_admin: every code; company: its assigned codes). */
      all: z.boolean().optional(),
      limit: numberInput('limit').pipe(z.number().int().min(0).max(most)).default(most),
      offset: numberInput('offset').pipe(z.number().int().min(0)).default(0),
      /**
       * A batch or "all": the previous answer's nextCursor, to page on by keyset (what a ZIP chunk does
       * after its first page: each page then costs the same, however deep in a 100,000-code batch).
       */
      cursor: z.string().max(200).optional(),
      /** A batch or "all": no code after this cursor's code (a ZIP chunk's last code; see chunk starts). */
      until: z.string().max(200).optional(),
      /** false: the total is not counted (answered as null); a chunk knows its size already. */
      count: z.boolean().default(true),
    })
    .superRefine((value, ctx) => {
      hasExactlyOneSource(value, 'ids', ctx);
      for (const field of ['cursor', 'until'] as const)
        if (value[field] !== undefined && value.ids)
          ctx.addIssue({ code: 'custom', path: [field], message: 'A list of ids is paged by offset' });
    });

/** The codes with every field a card prints: 500 a page (a NATS message holds about 1 MB). */
export const resolveVouchersRequestSchema = resolveRequestSchema(500);
export type ResolveVouchersRequest = z.input<typeof resolveVouchersRequestSchema>;

/**
 * Where each chunk of a chunked ZIP starts (rendering's flow, one call per job): the sort key of every
 * `every`-th code of a batch or of "all" the actor may see, in the resolve order, as resolve cursors.
 * Chunk k (k >= 1) then starts after cursors[k - 1] by keyset instead of skipping k × every codes.
 */
export const chunkStartsRequestSchema = z
  .object({
    batchId: z.string().uuid().optional(),
    all: z.boolean().optional(),
    every: numberInput('every').pipe(z.number().int().min(1).max(1_000_000)),
  })
  .superRefine((value, ctx) => {
    if ((value.batchId !== undefined) === (value.all === true))
      ctx.addIssue({ code: 'custom', path: ['batchId'], message: 'Send exactly one of batchId or all' });
  });
export const chunkStartsSchema = z.object({ cursors: z.array(z.string()) });
export type ChunkStarts = z.infer<typeof chunkStartsSchema>;

/** The codes rendering may print: a page, whose total is null when the request said count: false. */
export const resolvedVouchersPageSchema = pageSchema(qrCodeSchema).extend({
  total: z.number().int().nullable(),
});
export type ResolvedVouchersPage = z.infer<typeof resolvedVouchersPageSchema>;

/**
 * The same codes, in the same order and with the same visibility, as just what a bare QR render needs:
 * the link it encodes and the title its file is named after. About 150 bytes a code against 1 KB and
 * more, so pages of 2,000: a 100,000-code ZIP of bare QR codes costs vouchers and NATS a fifth.
 */
export const resolveLinksRequestSchema = resolveRequestSchema(2000);
export type ResolveLinksRequest = z.input<typeof resolveLinksRequestSchema>;
export const renderLinkSchema = z.object({
  id: z.string().uuid(),
  /** What the QR encodes (PUBLIC_URL's link when configured, as in resolve). */
  qrUrl: z.string(),
  /** The card's title source (custom title, else the partner's name): the file name's slug. */
  title: z.string(),
});
export type RenderLink = z.infer<typeof renderLinkSchema>;
export const resolvedLinksPageSchema = pageSchema(renderLinkSchema).extend({
  total: z.number().int().nullable(),
});
export type ResolvedLinksPage = z.infer<typeof resolvedLinksPageSchema>;
