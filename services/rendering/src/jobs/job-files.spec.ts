import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOB_FILE_LOCATION, jobFileContentType } from '@avpass/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobFiles, jobFileKind } from './job-files';

const HOUR = 3600_000;
const OLD = '11111111-1111-4111-8111-111111111111';
const FRESH = '22222222-2222-4222-8222-222222222222';
const ABANDONED = '33333333-3333-4333-8333-333333333333';

describe('ZIP files are purged after their time', () => {
  let dataDir: string;
  let files: JobFiles;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'avpass-jobs-'));
    files = new JobFiles(dataDir);
    await files.ensureDir();
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  it('removes finished and abandoned files older than the TTL and keeps newer ones', async () => {
    const now = Date.now();
    for (const path of [
      files.finalPath(OLD),
      files.finalPath(FRESH),
      files.partPath(ABANDONED),
      join(files.dir, 'notes.txt'),
    ]) {
      await writeFile(path, 'x');
    }
    const dayAndABitAgo = (now - 25 * HOUR) / 1000;
    await utimes(files.finalPath(OLD), dayAndABitAgo, dayAndABitAgo);
    await utimes(files.partPath(ABANDONED), dayAndABitAgo, dayAndABitAgo);
    await utimes(join(files.dir, 'notes.txt'), dayAndABitAgo, dayAndABitAgo);

    expect(await files.purgeOlderThan(24 * HOUR, now)).toBe(2);
    expect((await readdir(files.dir)).sort()).toEqual([`${FRESH}.zip`, 'notes.txt']);
  });

  it('only ever builds paths from job ids', () => {
    expect(() => files.finalPath('../../etc/passwd')).toThrow('not a job id');
    expect(() => files.location('../../etc/passwd')).toThrow('not a job id');
  });

  it('names a finished ZIP by its place under DATA_DIR, as the gateway accepts it', () => {
    expect(files.location(FRESH)).toBe(`jobs/${FRESH}.zip`);
    expect(files.location(FRESH)).toMatch(JOB_FILE_LOCATION);
    expect(files.finalPath(FRESH)).toBe(join(dataDir, 'jobs', `${FRESH}.zip`));
  });

  it('names a print sheet a PDF (served as it is, with its content type), other jobs a ZIP', () => {
    expect(jobFileKind({ sheet: 'a4', fileName: 'qr-cards-sheet-a4-20261127-150000.pdf' })).toBe('pdf');
    // A sheet job queued before sheets were PDFs keeps the ZIP its name promised.
    expect(jobFileKind({ sheet: 'a4', fileName: 'qr-cards-sheet-a4-20261127-150000.zip' })).toBe('zip');
    expect(jobFileKind({ fileName: 'qr-previews-pdf-20261127-150000.zip' })).toBe('zip');
    const pdf = files.location(FRESH, 'pdf');
    expect(pdf).toBe(`jobs/${FRESH}.pdf`);
    expect(pdf).toMatch(JOB_FILE_LOCATION);
    expect(jobFileContentType(pdf)).toBe('application/pdf');
    expect(jobFileContentType(files.location(FRESH))).toBe('application/zip');
    expect(files.chunkDir(FRESH)).toBe(join(dataDir, 'jobs', `${FRESH}.chunks`));
  });
});
