import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const JOB_ID = /^[0-9a-f-]{36}$/;

/** What a finished job is: a ZIP, or one print-sheet PDF (served as it is, not inside a ZIP). */
export type JobFileKind = 'zip' | 'pdf';

/**
 * A job's file kind: a print sheet's is a PDF when it was queued under a `.pdf` name (a sheet job
 * queued before sheets were served as PDFs keeps the ZIP its name promises).
 */
export function jobFileKind(data: { sheet?: string | undefined; fileName: string }): JobFileKind {
  return data.sheet && data.fileName.endsWith('.pdf') ? 'pdf' : 'zip';
}

/**
 * Where job files live: DATA_DIR/jobs/<jobId>.zip, or <jobId>.pdf for a print sheet (the gateway
 * streams the one rendering names).
 */
export class JobFiles {
  readonly dir: string;

  constructor(private readonly dataDir: string) {
    this.dir = join(dataDir, 'jobs');
  }

  async ensureDir(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** Where a job's finished ZIP is, relative to DATA_DIR (what the job reports; the gateway serves it). */
  location(jobId: string, kind: JobFileKind = 'zip'): string {
    if (!JOB_ID.test(jobId)) throw new Error(`not a job id: ${jobId}`);
    return `jobs/${jobId}.${kind}`;
  }

  finalPath(jobId: string, kind: JobFileKind = 'zip'): string {
    return join(this.dataDir, this.location(jobId, kind));
  }

  partPath(jobId: string, kind: JobFileKind = 'zip'): string {
    return `${this.finalPath(jobId, kind)}.part`;
  }

  /** Where a chunked job's chunks write their files (removed once the ZIP is assembled). */
  chunkDir(jobId: string): string {
    return `${this.finalPath(jobId).slice(0, -'.zip'.length)}.chunks`;
  }

  /** Deletes finished files (and abandoned partial ones, and chunk folders of failed jobs) older than `maxAgeMs`; returns how many. */
  async purgeOlderThan(maxAgeMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    for (const name of names) {
      if (!/\.(zip(\.part|\.cd)?|pdf(\.part)?|chunks)$/.test(name)) continue;
      const path = join(this.dir, name);
      try {
        if (now - (await stat(path)).mtimeMs > maxAgeMs) {
          await rm(path, { force: true, recursive: true });
          removed++;
        }
      } catch {
        // removed meanwhile by another worker
      }
    }
    return removed;
  }
}
