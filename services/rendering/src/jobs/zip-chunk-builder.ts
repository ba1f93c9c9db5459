import {
  DEFAULT_CARD_SIZE,
  type SheetSize,
  type ZipChunkJobData,
  type ZipChunkResult,
} from '@avpass/contracts';
import type { RpcClient } from '@avpass/platform';
import { mkdir } from 'node:fs/promises';
import { CardSheetPdf, runPool, type VoucherRenderer } from '../render';
import { codePages, renderPages } from './code-pages';
import { ChunkFileWriter } from './zip-chunks';

const PROGRESS_EVERY_MS = 250;

export interface ZipChunkBuild {
  /** DATA_DIR/jobs/<parentId>.chunks */
  dir: string;
  data: ZipChunkJobData;
  /** The ZIP's sheet paper (its parent's): the chunk is one PDF of its cards instead of a file per code. */
  sheet?: SheetSize | undefined;
  onProgress(done: number): Promise<void>;
  signal: AbortSignal;
}

/**
 * Renders one chunk of a ZIP job into its chunk file (see zip-chunks.ts): the codes at
 * [offset, offset + count) of the source, resolved as the requester, rendered RENDER_CONCURRENCY at
 * a time. Memory holds a page of codes and at most ~1 MB of rendered bytes. A sheet ZIP's one chunk
 * is one PDF of cards on sheets, written into the chunk file as it grows, a page of codes at a time.
 */
export class ZipChunkBuilder {
  constructor(
    private readonly rpc: RpcClient,
    private readonly renderer: VoucherRenderer,
    private readonly renderConcurrency: number,
  ) {}

  async build({ dir, data, sheet, onProgress, signal }: ZipChunkBuild): Promise<ZipChunkResult> {
    await mkdir(dir, { recursive: true });
    const writer = await ChunkFileWriter.open(dir, data.index);
    let done = 0;
    let lastReport = 0;
    const report = async () => {
      if (Date.now() - lastReport < PROGRESS_EVERY_MS) return;
      lastReport = Date.now();
      await onProgress(done);
    };
    try {
      const meta = { requestId: data.requestId || `zip-${data.parentId}-${data.index}`, actor: data.actor };
      // An ids source holds only this chunk's ids; a batch or "all" starts at the chunk's offset.
      const start = 'ids' in data.source ? 0 : data.offset;
      const range = { after: data.after, until: data.until };
      if (sheet) {
        const size = data.size ?? DEFAULT_CARD_SIZE;
        const pdf = new CardSheetPdf(sheet, size, 'AV Pass voucher cards');
        const written = writer.addStream(`qr-cards-sheet-${sheet}.pdf`, data.parentId, pdf.stream);
        written.catch(() => undefined); // observed below; a failed build must not leave it unhandled
        try {
          for await (const codes of codePages(this.rpc, meta, data.source, start, data.count, range)) {
            const layouts = await Promise.all(codes.map((code) => this.renderer.printLayout(code, size)));
            for (const { layout } of layouts) {
              signal.throwIfAborted();
              pdf.add(layout);
              done++;
            }
            await report();
          }
        } finally {
          pdf.end();
        }
        await written;
      } else {
        const pages = renderPages(this.rpc, meta, this.renderer, data, start, data.count, range);
        for await (const items of pages) {
          await runPool(
            items,
            this.renderConcurrency,
            (item) => item.render(),
            async (file, item) => {
              await writer.add(file.fileName, item.id, file.data);
              done++;
              await report();
            },
            signal,
          );
        }
      }
      signal.throwIfAborted();
      await writer.close();
      await onProgress(done);
      // Codes rendered (a sheet chunk's one file holds them all): the job's progress and total.
      return { index: data.index, entries: done, bytes: writer.bytes };
    } catch (error) {
      await writer.abort();
      throw error;
    }
  }
}
