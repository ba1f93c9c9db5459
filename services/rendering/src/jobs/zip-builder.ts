import type { ZipJobData, ZipProgress } from '@avpass/contracts';
import type { RpcClient } from '@avpass/platform';
import { ZipArchive } from 'archiver';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { DEFAULT_CARD_SIZE } from '@avpass/contracts';
import { CardSheetPdf } from '../render/card-pdf';
import { UniqueEntryNames } from '../render/file-names';
import { runPool } from '../render/task-pool';
import type { VoucherRenderer } from '../render/voucher-renderer';
import { codePages, renderPages } from './code-pages';
import type { JobFiles } from './job-files';

/** Rendered files waiting for the archive; beyond this the renderers wait (bounded memory). */
const MAX_QUEUED_ENTRIES = 16;
const PROGRESS_EVERY_MS = 250;

export interface ZipBuild {
  jobId: string;
  data: ZipJobData;
  onProgress(progress: ZipProgress): Promise<void>;
  signal: AbortSignal;
}

export interface ZipBuildResult {
  entries: number;
  bytes: number;
}

/**
 * Builds one ZIP job's file: pages through the codes the requester may see (asking vouchers as that
 * requester), renders them in parallel, and streams them into a store-mode ZIP written to
 * `<jobId>.zip.part`, renamed when complete. A retry starts over and overwrites the partial file.
 */
export class ZipBuilder {
  constructor(
    private readonly rpc: RpcClient,
    private readonly renderer: VoucherRenderer,
    private readonly files: JobFiles,
    private readonly renderConcurrency: number,
  ) {}

  async build({ jobId, data, onProgress, signal }: ZipBuild): Promise<ZipBuildResult> {
    await this.files.ensureDir();
    const partPath = this.files.partPath(jobId);
    const out = createWriteStream(partPath); // truncates what an earlier attempt left
    const archive = new ZipArchive({ store: true });
    let archiveError: unknown;
    archive.on('error', (error: unknown) => {
      archiveError = error;
    });
    const written = finished(out);
    written.catch(() => undefined); // observed below; a failed build must not leave it unhandled
    archive.pipe(out);

    let queued = 0;
    const wakeups: (() => void)[] = [];
    archive.on('entry', () => {
      queued--;
      wakeups.shift()?.();
    });
    const names = new UniqueEntryNames();
    let done = 0;
    let lastReport = 0;
    const total = data.total;
    const report = async (force = false) => {
      if (!force && Date.now() - lastReport < PROGRESS_EVERY_MS) return;
      lastReport = Date.now();
      await onProgress({ done, total: Math.max(total, done) });
    };

    const meta = { requestId: data.requestId || `zip-${jobId}`, actor: data.actor };
    try {
      if (data.sheet) {
        // One PDF of cards on sheets: written into the archive as it grows, a page of codes at a time.
        const sheet = new CardSheetPdf(data.sheet, data.size ?? DEFAULT_CARD_SIZE, 'AV Pass voucher cards');
        archive.append(sheet.stream, { name: `qr-cards-sheet-${data.sheet}.pdf` });
        for await (const codes of codePages(this.rpc, meta, data.source)) {
          const layouts = await Promise.all(
            codes.map((code) => this.renderer.printLayout(code, data.size ?? DEFAULT_CARD_SIZE)),
          );
          for (const { layout } of layouts) {
            signal.throwIfAborted();
            if (archiveError) throw archiveError;
            sheet.add(layout);
            done++;
          }
          await report();
        }
        sheet.end();
      }
      for await (const items of data.sheet ? [] : renderPages(this.rpc, meta, this.renderer, data)) {
        await runPool(
          items,
          this.renderConcurrency,
          (item) => item.render(),
          async (file, item) => {
            if (archiveError) throw archiveError;
            while (queued >= MAX_QUEUED_ENTRIES) await new Promise<void>((resolve) => wakeups.push(resolve));
            queued++;
            archive.append(file.data, { name: names.take(file.fileName, item.id) });
            done++;
            await report();
          },
          signal,
        );
      }
      signal.throwIfAborted();
      await archive.finalize();
      await written;
      if (archiveError) throw archiveError;
      await rename(partPath, this.files.finalPath(jobId));
      await report(true);
      return { entries: done, bytes: archive.pointer() };
    } catch (error) {
      archive.abort();
      out.destroy();
      await rm(partPath, { force: true });
      throw error;
    }
  }
}
