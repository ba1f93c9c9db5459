import { RPC, type Page, type QrCode, type ZipChunkJobData, type ZipChunkResult } from '@avpass/contracts';
import type { RpcClient } from '@avpass/platform';
import { mkdir } from 'node:fs/promises';
import { runPool } from '../render/task-pool';
import type { VoucherRenderer } from '../render/voucher-renderer';
import { ChunkFileWriter } from './zip-chunks';

/** Codes per resolve call (as in ZipBuilder: a code's terms can be long, a NATS message ~1 MB). */
const PAGE_SIZE = 100;
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
      for await (const codes of this.pages(data)) {
        await runPool(
          codes,
          this.renderConcurrency,
          (code) => this.renderer.render(code, data.format, data.variant, data.size),
          async (file, code) => {
            await writer.add(file.fileName, code.id, file.data);
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

  /** The chunk's codes page by page, the next page fetched while the current one renders. */
  private async *pages(data: ZipChunkJobData): AsyncGenerator<QrCode[]> {
    const meta = { requestId: data.requestId || `zip-${data.parentId}-${data.index}`, actor: data.actor };
    const source = data.source;
    const end = data.offset + data.count;
    const fetchPage = (offset: number) => {
      const limit = Math.min(PAGE_SIZE, end - offset);
      const payload =
        'ids' in source
          ? { ids: source.ids.slice(offset - data.offset, offset - data.offset + limit), limit }
          : { ...source, limit, offset };
      return this.rpc.call(RPC.vouchers.resolveForRender, payload, meta, 30_000);
    };
    let offset = data.offset;
    let next: Promise<Page<QrCode>> | null = fetchPage(offset);
    while (next) {
      const page: Page<QrCode> = await next;
      offset += PAGE_SIZE;
      // Codes deleted meanwhile shorten the source: a short page is its end.
      const more = offset < end && page.items.length === PAGE_SIZE;
      next = more ? fetchPage(offset) : null;
      next?.catch(() => undefined);
      if (page.items.length) yield page.items;
    }
  }
}
