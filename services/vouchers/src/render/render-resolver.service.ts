import {
  type Actor,
  type Page,
  type QrCode as QrCodeDto,
  resolveVouchersRequestSchema,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { AssignmentsRepository } from '../assignment/assignments.repository';
import { BatchesRepository } from '../codes/batches.repository';
import { toQrCode } from '../codes/qr-code.mapper';
import { QrCodesRepository } from '../codes/qr-codes.repository';
import type { QrCode } from '../codes/qr-code.entity';
import { VouchersSettings } from '../settings';

type ResolveInput = z.output<typeof resolveVouchersRequestSchema>;

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

  async resolve(actor: Actor, input: ResolveInput): Promise<Page<QrCodeDto>> {
    // Exactly one of ids, batchId or all: checked by the contract (resolveVouchersRequestSchema).
    const { limit, offset } = input;
    if (input.ids) return this.byIds(actor, input.ids, limit, offset);

    if (input.batchId) {
      if (actor.role !== 'super_admin')
        throw DomainError.forbidden('Only administrators can download whole batches');
      const batchId = input.batchId;
      if (!(await this.batches.exists(batchId))) throw DomainError.notFound('Batch');
      return this.toPage(
        await this.codes.pageWithTotal(actor, { limit, offset }, { batchId }, 'oldest'),
        limit,
        offset,
      );
    }
    return this.toPage(await this.codes.pageWithTotal(actor, { limit, offset }, {}, 'oldest'), limit, offset);
  }

  private async byIds(actor: Actor, ids: string[], limit: number, offset: number): Promise<Page<QrCodeDto>> {
    const found = new Map(
      (await this.codes.findVisibleByIds(actor, [...new Set(ids)])).map((c) => [c.id, c]),
    );
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw new DomainError('NOT_FOUND', `QR code ${missing} not found`);
    const window = ids.slice(offset, offset + limit).map((id) => found.get(id)!);
    return this.toPage([window, ids.length], limit, offset);
  }

  private async toPage(
    [codes, total]: [QrCode[], number],
    limit: number,
    offset: number,
  ): Promise<Page<QrCodeDto>> {
    const ctx = this.settings.mapping();
    const counts = await this.assignments.partnerCounts(codes.map((c) => c.id));
    return { items: codes.map((c) => toQrCode(c, ctx, counts.get(c.id) ?? 0)), total, limit, offset };
  }
}
