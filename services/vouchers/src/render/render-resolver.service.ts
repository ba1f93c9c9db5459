import {
  type Actor,
  type ChunkStarts,
  chunkStartsRequestSchema,
  type QrCode as QrCodeDto,
  type ResolvedVouchersPage,
  resolveVouchersRequestSchema,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { AssignmentsRepository } from '../assignment/assignments.repository';
import { BatchesRepository } from '../codes/batches.repository';
import { toQrCode } from '../codes/qr-code.mapper';
import { QrCodesRepository, type CodeFilter } from '../codes/qr-codes.repository';
import type { QrCode } from '../codes/qr-code.entity';
import { VouchersSettings } from '../settings';

type ResolveInput = z.output<typeof resolveVouchersRequestSchema>;
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
    const { limit, offset } = input;
    if (input.ids) return this.byIds(actor, input.ids, limit, offset);

    const filter: CodeFilter = {};
    if (input.batchId) {
      if (actor.role !== 'super_admin')
        throw DomainError.forbidden('Only administrators can download whole batches');
      // A cursor continues from a page that found the batch (a batch deleted since has no rows).
      if (!input.cursor && !(await this.batches.exists(input.batchId))) throw DomainError.notFound('Batch');
      filter.batchId = input.batchId;
    }
    const window = { limit, offset, cursor: input.cursor, until: input.until };
    const [page, total] = await Promise.all([
      this.codes.page(actor, window, filter, 'oldest'),
      input.count ? this.codes.count(actor, window, filter) : null,
    ]);
    const items = await this.toDtos(page.rows);
    const kept = withinAnswerBudget(items);
    return kept < items.length
      ? { items: items.slice(0, kept), total, limit, offset, nextCursor: page.cursorAfter(kept - 1) }
      : { items, total, limit, offset, nextCursor: page.nextCursor };
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

  private async byIds(
    actor: Actor,
    ids: string[],
    limit: number,
    offset: number,
  ): Promise<ResolvedVouchersPage> {
    const found = new Map(
      (await this.codes.findVisibleByIds(actor, [...new Set(ids)])).map((c) => [c.id, c]),
    );
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw new DomainError('NOT_FOUND', `QR code ${missing} not found`);
    const items = await this.toDtos(ids.slice(offset, offset + limit).map((id) => found.get(id)!));
    // Cut short, the caller asks again from offset + items.length.
    return { items: items.slice(0, withinAnswerBudget(items)), total: ids.length, limit, offset };
  }

  private async toDtos(codes: QrCode[]): Promise<QrCodeDto[]> {
    const ctx = this.settings.mapping();
    const counts = await this.assignments.partnerCounts(codes.map((c) => c.id));
    return codes.map((c) => toQrCode(c, ctx, counts.get(c.id) ?? 0));
  }
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
