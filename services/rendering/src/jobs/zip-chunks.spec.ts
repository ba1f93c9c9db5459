import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assembleZip, ChunkFileWriter } from './zip-chunks';

const run = promisify(execFile);
const id = (n: number) =>
  `${n.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

describe('a ZIP assembled from chunk files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'avpass-chunks-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  async function writeChunks(chunks: number, perChunk: number, name: (n: number) => string) {
    for (let c = 0; c < chunks; c++) {
      const writer = await ChunkFileWriter.open(dir, c);
      for (let i = 0; i < perChunk; i++) {
        const n = c * perChunk + i;
        await writer.add(name(n), id(n), Buffer.from(`file ${n}\n`.repeat((n % 7) + 1)));
      }
      await writer.close();
    }
  }

  it('is a valid ZIP whose entries keep their bytes, order and unique names', async () => {
    // Codes 0 and 5 share a name across chunks: the second gets its full id.
    await writeChunks(3, 4, (n) =>
      n === 5 ? 'qr-code-a-00000000.txt' : `qr-code-a-${id(n).slice(0, 8)}.txt`,
    );
    expect((await readdir(dir)).sort()).toEqual(['0.chunk', '1.chunk', '2.chunk']);
    const zip = join(dir, 'out.zip');
    const result = await assembleZip(dir, 3, zip);
    expect(result.entries).toBe(12);
    await run('unzip', ['-tq', zip]);
    const { stdout } = await run('unzip', ['-Z1', zip]);
    const names = stdout.split('\n').filter(Boolean);
    expect(names).toHaveLength(12);
    expect(names[0]).toBe('qr-code-a-00000000.txt');
    expect(names[5]).toBe(`qr-code-a-00000000-${id(5)}.txt`);
    const { stdout: seventh } = await run('unzip', ['-p', zip, names[6]!]);
    expect(seventh).toBe('file 6\n'.repeat(7));
    expect((await readdir(dir)).filter((f) => f.endsWith('.cd'))).toEqual([]);
  });

  it('keeps the last finished attempt whole when two attempts of a chunk overlap', async () => {
    const a = await ChunkFileWriter.open(dir, 0);
    const b = await ChunkFileWriter.open(dir, 0);
    await a.add('a.txt', id(1), Buffer.from('from a'));
    await b.add('b.txt', id(2), Buffer.from('from b, longer'));
    await b.close();
    await a.add('a2.txt', id(3), Buffer.from('more from a'));
    await a.close();
    const zip = join(dir, 'out.zip');
    expect((await assembleZip(dir, 1, zip)).entries).toBe(2);
    await run('unzip', ['-tq', zip]);
    expect(await readdir(dir)).toEqual(['0.chunk', 'out.zip']);
  });

  it('switches to ZIP64 beyond 65,535 entries', { timeout: 60_000 }, async () => {
    await writeChunks(7, 10_000, (n) => `f-${n}.txt`);
    const zip = join(dir, 'big.zip');
    const result = await assembleZip(dir, 7, zip);
    expect(result.entries).toBe(70_000);
    await run('unzip', ['-tq', zip], { maxBuffer: 64 * 1024 * 1024 });
    const { stdout } = await run('unzip', ['-Z1', zip], { maxBuffer: 64 * 1024 * 1024 });
    expect(stdout.split('\n').filter(Boolean)).toHaveLength(70_000);
  });

  it('refuses a truncated chunk file', async () => {
    await writeChunks(1, 3, (n) => `f-${n}.txt`);
    const { truncate } = await import('node:fs/promises');
    await truncate(join(dir, '0.chunk'), 40);
    await expect(assembleZip(dir, 1, join(dir, 'bad.zip'))).rejects.toThrow('chunk file');
  });
});
