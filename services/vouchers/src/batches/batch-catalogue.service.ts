import {
  BATCH_SORT_DEFAULT_ORDER,
  type BatchSort,
  type BatchDetail,
  type BatchSummary,
  type Page,
  type SortOrder,
} from '@avpass/contracts';
import { DomainError, requestedSort } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { VouchersSettings } from '../settings';
import { TalliesRepository } from '../tallies';
import { toBatchCode, QrCodesRepository, type PageWindow } from '../codes';
import { BatchesRepository, type BatchWithUsage } from './batches.repository';

/** How many of a batch's codes "View Codes" lists (about 150 KB of slim rows). */
export const BATCH_DETAIL_CODES = 1000;

/** The Batches tab and "View Codes": batches with how often their codes were redeemed (tallies). */
@Injectable()
export class BatchCatalogue {
  constructor(
    private readonly batches: BatchesRepository,
    private readonly codes: QrCodesRepository,
    private readonly tallies: TalliesRepository,
    private readonly settings: VouchersSettings,
  ) {}

  /** The Batches tab (issue 27): newest first unless `sort`/`order` say otherwise. */
  async listBatches(
    query: Omit<PageWindow, 'sort'> & { sort?: BatchSort | undefined; order?: SortOrder | undefined },
  ): Promise<Page<BatchSummary>> {
    const { sort, order, ...window } = query;
    const sorted = requestedSort(sort, order, BATCH_SORT_DEFAULT_ORDER);
    const [page, total] = await this.batches.page(window, sorted);
    const redeemed = await this.tallies.batchRedeemed(page.rows.map((b) => b.id));
    return {
      items: page.rows.map((b) => toBatchSummary({ ...b, redeemed: redeemed.get(b.id) ?? 0 })),
      total,
      limit: window.limit,
      offset: window.offset,
      nextCursor: page.nextCursor,
    };
  }

  /**
   * "View Codes": the batch and its first BATCH_DETAIL_CODES codes, oldest first. A 100,000-code batch
   * in full would not fit a NATS message (~1 MB); the dialog says how many it shows and offers the ZIP.
   */
  async getBatch(id: string): Promise<BatchDetail> {
    const found = await this.batches.find(id);
    if (!found) throw DomainError.notFound('Batch');
    const batch = { ...found, redeemed: (await this.tallies.batchRedeemed([id])).get(id) ?? 0 };
    const codes = await this.codes.listInBatch(id, BATCH_DETAIL_CODES);
    const ctx = this.settings.mapping();
    return { ...toBatchSummary(batch), qrCodes: codes.map((c) => toBatchCode(c, ctx)) };
  }
}

function toBatchSummary(batch: BatchWithUsage): BatchSummary {
  return {
    batchId: batch.id,
    batchName: batch.name,
    count: batch.count,
    redeemed: batch.redeemed,
    createdAt: batch.createdAt.toISOString(),
    cardLanguage: batch.cardLanguage,
  };
}
