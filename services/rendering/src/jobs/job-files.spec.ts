import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobFiles } from './job-files';

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
    expect(await files.size(OLD)).toBeNull();
    expect(await files.size(FRESH)).toBe(1);
  });

  it('only ever builds paths from job ids', () => {
    expect(() => files.finalPath('../../etc/passwd')).toThrow('not a job id');
  });
});
