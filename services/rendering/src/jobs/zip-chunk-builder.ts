import type { ZipChunkJobData, ZipChunkResult } from '@avpass/contracts';
import type { RpcClient } from '@avpass/platform';
import { mkdir } from 'node:fs/promises';
import { runPool } from '../render/task-pool';
import type { VoucherRenderer } from '../render/voucher-renderer';
import { renderPages } from './code-pages';
import { ChunkFileWriter } from './zip-chunks';

const PROGRESS_EVERY_MS = 250;

export interface ZipChunkBuild {
  /** DATA_DIR/jobs/<parentId>.chunks */
  dir: string;
  data: ZipChunkJobData;
  onProgress(done: number): Promise<void>;
  signal: AbortSignal;
}

/**
 * Renders one chunk of a chunked ZIP job into its chunk files (see zip-chunks.ts): the codes at
 * [offset, offset + count) of the source, resolved as the requester, rendered RENDER_CONCURRENCY at
 * a time. Memory holds a page of codes and at most ~1 MB of rendered bytes.
 */
export class ZipChunkBuilder {
  constructor(
    private readonly rpc: RpcClient,
    private readonly renderer: VoucherRenderer,
    private readonly renderConcurrency: number,
  ) {}

  async build({ dir, data, onProgress, signal }: ZipChunkBuild): Promise<ZipChunkResult> {
    await mkdir(dir, { recursive: true });
    const writer = await ChunkFileWriter.open(dir, data.index);
    let lastReport = 0;
    try {
      const meta = { requestId: data.requestId || `zip-${data.parentId}-${data.index}`, actor: data.actor };
      // An ids source holds only this chunk's ids; a batch or "all" starts at the chunk's offset.
      const start = 'ids' in data.source ? 0 : data.offset;
      const range = { after: data.after, until: data.until };
      const pages = renderPages(this.rpc, meta, this.renderer, data, start, data.count, range);
      for await (const items of pages) {
        await runPool(
          items,
          this.renderConcurrency,
          (item) => item.render(),
          async (file, item) => {
            await writer.add(file.fileName, item.id, file.data);
            if (Date.now() - lastReport >= PROGRESS_EVERY_MS) {
              lastReport = Date.now();
              await onProgress(writer.count);
            }
          },
          signal,
        );
      }
      signal.throwIfAborted();
      await writer.close();
      await onProgress(writer.count);
      return { index: data.index, entries: writer.count, bytes: writer.bytes };
    } catch (error) {
      await writer.abort();
      throw error;
    }
  }
}
