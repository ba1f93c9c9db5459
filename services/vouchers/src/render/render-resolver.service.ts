import {
  type Actor,
  type ChunkStarts,
  chunkStartsRequestSchema,
  DEFAULT_CARD_LANGUAGE,
  type QrCode as QrCodeDto,
  type RenderLink,
  type ResolvedLinksPage,
  type ResolvedVouchersPage,
  resolveLinksRequestSchema,
  resolveVouchersRequestSchema,
  voucherTitleSource,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { AssignmentsRepository } from '../assignment';
import { BatchesRepository } from '../batches';
import {
  qrUrlOf,
  toQrCode,
  QrCodesRepository,
  type CodeFilter,
  type CodeLink,
  type CuttableKeysetPage,
  type PageWindow,
  type QrCode,
} from '../codes';
import { VouchersSettings } from '../settings';

type ResolveInput = z.output<typeof resolveVouchersRequestSchema>;
type ResolveLinksInput = z.output<typeof resolveLinksRequestSchema>;
type ChunkStartsInput = z.output<typeof chunkStartsRequestSchema>;

/**
 * What the rendering service may print for an actor: the server's own records, never a client's
 * fields. Ids come back in the order asked; batches and "all" by creation time, then id.
 */
@Injectable()
export class RenderResolverService {
  constructor(
    private readonly codes: QrCodesRepository,
    private readonly batches: BatchesRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly settings: VouchersSettings,
  ) {}

  async resolve(actor: Actor, input: ResolveInput): Promise<ResolvedVouchersPage> {
    // Exactly one of ids, batchId or all: checked by the contract (resolveVouchersRequestSchema).
    if (input.ids) {
      const page = await this.byIds(actor, input.ids, input.limit, input.offset);
      const items = await this.toDtos(page);
      // Cut short, the caller asks again from offset + items.length.
      return {
        items: items.slice(0, withinAnswerBudget(items)),
        ...idsPage(input.ids, input.limit, input.offset),
      };
    }
    return this.rangePage(actor, input, async (window, filter) => {
      const page = await this.codes.page(actor, window, filter, 'oldest');
      const items = await this.toDtos(page.rows);
      return { items, kept: withinAnswerBudget(items), page };
    });
  }

  /** The same codes as resolve, as a bare QR render needs them (resolveLinksRequestSchema). */
  async resolveLinks(actor: Actor, input: ResolveLinksInput): Promise<ResolvedLinksPage> {
    const ctx = this.settings.mapping();
    const link = (code: CodeLink): RenderLink => ({
      id: code.id,
      qrUrl: qrUrlOf(code, ctx),
      title: voucherTitleSource(code),
    });
    if (input.ids) {
      const codes = await this.byIds(actor, input.ids, input.limit, input.offset);
      return { items: codes.map(link), ...idsPage(input.ids, input.limit, input.offset) };
    }
    return this.rangePage(actor, input, async (window, filter) => {
      const page = await this.codes.linkPage(actor, window, filter, 'oldest');
      // A link is at most a few hundred bytes: 2,000 of them stay far below a NATS message.
      return { items: page.rows.map(link), kept: page.rows.length, page };
    });
  }

  /** Where each chunk of `every` codes of a batch or of "all" starts (see chunkStartsRequestSchema). */
  async chunkStarts(actor: Actor, input: ChunkStartsInput): Promise<ChunkStarts> {
    const filter: CodeFilter = {};
    if (input.batchId) {
      if (actor.role !== 'super_admin')
        throw DomainError.forbidden('Only administrators can download whole batches');
      if (!(await this.batches.exists(input.batchId))) throw DomainError.notFound('Batch');
      filter.batchId = input.batchId;
    }
    const keys = await this.codes.everyNthKey(actor, filter, input.every);
    return { cursors: keys };
  }

  /**
   * A batch's or every visible code's page, oldest first, by offset or by keyset: `read` gives the
   * page's items and how many of them fit one answer; a page cut short goes on after its last item.
   */
  private async rangePage<T>(
    actor: Actor,
    input: ResolveInput | ResolveLinksInput,
    read: (
      window: PageWindow,
      filter: CodeFilter,
    ) => Promise<{ items: T[]; kept: number; page: CuttableKeysetPage<unknown> }>,
  ): Promise<{ items: T[]; total: number | null; limit: number; offset: number; nextCursor: string | null }> {
    const { limit, offset } = input;
    const filter: CodeFilter = {};
    if (input.batchId) {
      if (actor.role !== 'super_admin')
        throw DomainError.forbidden('Only administrators can download whole batches');
      // A cursor continues from a page that found the batch (a batch deleted since has no rows).
      if (!input.cursor && !(await this.batches.exists(input.batchId))) throw DomainError.notFound('Batch');
      filter.batchId = input.batchId;
    }
    const window = { limit, offset, cursor: input.cursor, until: input.until };
    const [{ items, kept, page }, total] = await Promise.all([
      read(window, filter),
      input.count ? this.codes.count(actor, window, filter) : null,
    ]);
    return kept < items.length
      ? { items: items.slice(0, kept), total, limit, offset, nextCursor: page.cursorAfter(kept - 1) }
      : { items, total, limit, offset, nextCursor: page.nextCursor };
  }

  /** The codes of `ids` at [offset, offset + limit), in the order asked; NOT_FOUND if any is not visible. */
  private async byIds(actor: Actor, ids: string[], limit: number, offset: number): Promise<QrCode[]> {
    const found = new Map(
      (await this.codes.findVisibleByIds(actor, [...new Set(ids)])).map((c) => [c.id, c]),
    );
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw new DomainError('NOT_FOUND', `QR code ${missing} not found`);
    return ids.slice(offset, offset + limit).map((id) => found.get(id)!);
  }

  /** The codes as printed: each with its batch's card language (decision 359), English without one. */
  private async toDtos(codes: QrCode[]): Promise<QrCodeDto[]> {
    const ctx = this.settings.mapping();
    const batchIds = codes.flatMap((c) => (c.batchId ? [c.batchId] : []));
    const [counts, languages] = await Promise.all([
      this.assignments.partnerCounts(codes.map((c) => c.id)),
      this.batches.cardLanguages(batchIds),
    ]);
    return codes.map((c) => ({
      ...toQrCode(c, ctx, counts.get(c.id) ?? 0),
      cardLanguage: (c.batchId && languages.get(c.batchId)) || DEFAULT_CARD_LANGUAGE,
    }));
  }
}

/** What an answer by ids says besides its items: the caller goes on from offset + items.length. */
function idsPage(ids: string[], limit: number, offset: number) {
  return { total: ids.length, limit, offset };
}

/**
 * How many of `items` fit one answer: a NATS message holds about 1 MB, and 500 codes of 5,000
 * characters of terms each would not. Sizes are bounded from above (3 bytes a character, plus a
 * kilobyte for the rest), so no answer passes ANSWER_BUDGET_BYTES; at least one item always goes.
 */
export function withinAnswerBudget(items: readonly QrCodeDto[]): number {
  let bytes = 0;
  for (let i = 0; i < items.length; i++) {
    bytes += approxJsonBytes(items[i]!);
    if (bytes > ANSWER_BUDGET_BYTES && i > 0) return i;
  }
  return items.length;
}

const ANSWER_BUDGET_BYTES = 512 * 1024;

function approxJsonBytes(code: QrCodeDto): number {
  const text = [
    code.qrUrl,
    code.clinicName,
    code.service,
    code.terms,
    code.logoUrl,
    code.batchName,
    code.customTitle,
    code.trainerName,
    code.trainerImage,
  ].reduce((sum, value) => sum + (value?.length ?? 0), 0);
  const details = code.exclusiveDetails ? JSON.stringify(code.exclusiveDetails).length : 0;
  return 1024 + 3 * (text + details);
}
