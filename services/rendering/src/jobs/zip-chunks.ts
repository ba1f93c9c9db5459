import { randomUUID } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { UniqueEntryNames } from '../render';

/**
 * Chunk files and the ZIP assembled from them.
 *
 * A chunk job writes one file, `<dir>/<index>.chunk`: the rendered files back to back, then their
 * index (each file's name, code id, CRC-32 and size, in order, as JSON) and a 16-byte trailer (data
 * length, index length, magic). Each attempt writes under its own temporary name and renames it when
 * complete: a chunk file is always whole, and two attempts of one chunk (a worker that lost its lock
 * while still rendering, and the one that took the chunk over) never write into the same file.
 *
 * The assembler writes one store-mode ZIP (ZIP64 when it holds 65,535 entries or more, or passes
 * 4 GiB) by copying each chunk's bytes after a local header it writes itself: nothing is rendered,
 * compressed or checksummed again, and memory holds one read block, one write block and the entry
 * names (kept to make them unique across chunks: two codes' first 8 id characters can collide). The
 * central directory is spooled to a side file and appended at the end.
 */

export interface ChunkEntry {
  name: string;
  id: string;
  crc: number;
  size: number;
}

const BLOCK = 4 * 1024 * 1024;
const FLUSH_AT = 1024 * 1024;
const U16 = 0xffff;
const U32 = 0xffffffff;
/** General purpose flag 11: names are UTF-8. */
const UTF8 = 0x0800;

const MAGIC = 0x4b435641; // 'AVCK'
const TRAILER = 16;

export function chunkPath(dir: string, index: number): string {
  return join(dir, `${index}.chunk`);
}

/** The writer of one chunk's file. */
export class ChunkFileWriter {
  private readonly entries: ChunkEntry[] = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  bytes = 0;

  private constructor(
    private readonly handle: FileHandle,
    private readonly tempPath: string,
    private readonly path: string,
  ) {}

  static async open(dir: string, index: number): Promise<ChunkFileWriter> {
    const path = chunkPath(dir, index);
    const tempPath = `${path}.${randomUUID()}.part`;
    return new ChunkFileWriter(await open(tempPath, 'w'), tempPath, path);
  }

  get count(): number {
    return this.entries.length;
  }

  async add(name: string, id: string, data: Buffer): Promise<void> {
    this.entries.push({ name, id, crc: crc32(data), size: data.length });
    this.pending.push(data);
    this.pendingBytes += data.length;
    this.bytes += data.length;
    if (this.pendingBytes >= FLUSH_AT) await this.flush();
  }

  /**
   * One entry written as it is produced (a sheet PDF of every card of a ZIP): its bytes go to the file
   * block by block, checksummed on the way; memory holds one block.
   */
  async addStream(name: string, id: string, data: AsyncIterable<Buffer | Uint8Array>): Promise<void> {
    let crc = 0;
    let size = 0;
    for await (const part of data) {
      const block = Buffer.isBuffer(part) ? part : Buffer.from(part);
      crc = crc32(block, crc);
      size += block.length;
      this.pending.push(block);
      this.pendingBytes += block.length;
      this.bytes += block.length;
      if (this.pendingBytes >= FLUSH_AT) await this.flush();
    }
    this.entries.push({ name, id, crc, size });
  }

  private async flush(): Promise<void> {
    if (!this.pendingBytes) return;
    const block = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    await this.handle.write(block);
  }

  /** Appends the index and trailer and puts the file in place (replacing an earlier attempt's). */
  async close(): Promise<void> {
    await this.flush();
    const index = Buffer.from(JSON.stringify(this.entries), 'utf8');
    const trailer = Buffer.alloc(TRAILER);
    trailer.writeBigUInt64LE(BigInt(this.bytes), 0);
    trailer.writeUInt32LE(index.length, 8);
    trailer.writeUInt32LE(MAGIC, 12);
    await this.handle.write(Buffer.concat([index, trailer]));
    await this.handle.close();
    await rename(this.tempPath, this.path);
  }

  /** Drops what a failed attempt wrote. */
  async abort(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.tempPath, { force: true });
  }
}

/** A chunk file's index, read from its trailer. */
async function readIndex(handle: FileHandle): Promise<ChunkEntry[]> {
  const { size } = await handle.stat();
  if (size < TRAILER) throw new Error('chunk file is too short');
  const trailer = Buffer.alloc(TRAILER);
  await handle.read(trailer, 0, TRAILER, size - TRAILER);
  if (trailer.readUInt32LE(12) !== MAGIC) throw new Error('chunk file has no trailer');
  const dataBytes = Number(trailer.readBigUInt64LE(0));
  const indexBytes = trailer.readUInt32LE(8);
  if (dataBytes + indexBytes + TRAILER !== size) throw new Error('chunk file is shorter than its index');
  const index = Buffer.alloc(indexBytes);
  await handle.read(index, 0, indexBytes, dataBytes);
  const entries = JSON.parse(index.toString('utf8')) as ChunkEntry[];
  if (entries.reduce((sum, e) => sum + e.size, 0) !== dataBytes)
    throw new Error('chunk file is shorter than its index');
  return entries;
}

/** Buffered sequential writes to a file. */
class BlockWriter {
  private parts: Buffer[] = [];
  private size = 0;
  position = 0;

  constructor(readonly handle: FileHandle) {}

  async write(buffer: Buffer): Promise<void> {
    this.parts.push(buffer);
    this.size += buffer.length;
    this.position += buffer.length;
    if (this.size >= FLUSH_AT) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.size) return;
    const block = Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    await this.handle.write(block);
  }
}

/** Sequential reads of a file in blocks; `take(n)` returns the next n bytes. */
class BlockReader {
  private block = Buffer.alloc(0);
  private at = 0;
  private filePosition = 0;

  constructor(private readonly handle: FileHandle) {}

  async take(size: number): Promise<Buffer> {
    if (this.block.length - this.at < size) {
      const rest = this.block.subarray(this.at);
      const next = Buffer.allocUnsafe(Math.max(BLOCK, size));
      rest.copy(next);
      const { bytesRead } = await this.handle.read(
        next,
        rest.length,
        next.length - rest.length,
        this.filePosition,
      );
      this.filePosition += bytesRead;
      this.block = next.subarray(0, rest.length + bytesRead);
      this.at = 0;
      if (this.block.length < size) throw new Error('chunk file is shorter than its index');
    }
    const out = this.block.subarray(this.at, this.at + size);
    this.at += size;
    return out;
  }
}

function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function localHeader(name: Buffer, entry: ChunkEntry, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(UTF8, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  header.writeUInt32LE(entry.crc >>> 0, 14);
  header.writeUInt32LE(entry.size, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

function centralHeader(
  name: Buffer,
  entry: ChunkEntry,
  offset: number,
  stamp: { time: number; date: number },
): Buffer {
  const zip64 = offset >= U32;
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | 45, 4); // made by: unix, 4.5
  header.writeUInt16LE(zip64 ? 45 : 20, 6);
  header.writeUInt16LE(UTF8, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.size, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(zip64 ? 12 : 0, 30);
  header.writeUInt16LE(0, 32); // comment
  header.writeUInt16LE(0, 34); // disk
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  header.writeUInt32LE(zip64 ? U32 : offset, 42);
  if (!zip64) return Buffer.concat([header, name]);
  const extra = Buffer.alloc(12);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8, 2);
  extra.writeBigUInt64LE(BigInt(offset), 4);
  return Buffer.concat([header, name, extra]);
}

function endRecords(entries: number, cdOffset: number, cdSize: number): Buffer {
  const zip64 = entries >= U16 || cdOffset >= U32 || cdSize >= U32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  end.writeUInt16LE(zip64 ? U16 : entries, 8);
  end.writeUInt16LE(zip64 ? U16 : entries, 10);
  end.writeUInt32LE(zip64 ? U32 : cdSize, 12);
  end.writeUInt32LE(zip64 ? U32 : cdOffset, 16);
  end.writeUInt16LE(0, 20);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE((3 << 8) | 45, 12);
  record.writeUInt16LE(45, 14);
  record.writeUInt32LE(0, 16);
  record.writeUInt32LE(0, 20);
  record.writeBigUInt64LE(BigInt(entries), 24);
  record.writeBigUInt64LE(BigInt(entries), 32);
  record.writeBigUInt64LE(BigInt(cdSize), 40);
  record.writeBigUInt64LE(BigInt(cdOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeUInt32LE(0, 4);
  locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}

export interface AssembleResult {
  entries: number;
  bytes: number;
}

/**
 * Writes the ZIP at `outPath` from chunk files 0..count-1 of `dir`, in order. Calls `onChunk` after each
 * chunk (progress); `signal` stops it between entries.
 */
export async function assembleZip(
  dir: string,
  count: number,
  outPath: string,
  options: { signal?: AbortSignal; onChunk?: (index: number) => Promise<void>; now?: Date } = {},
): Promise<AssembleResult> {
  const stamp = dosDateTime(options.now ?? new Date());
  const names = new UniqueEntryNames();
  const cdPath = `${outPath}.cd`;
  const out = new BlockWriter(await open(outPath, 'w'));
  const cd = new BlockWriter(await open(cdPath, 'w+'));
  let entries = 0;
  try {
    for (let index = 0; index < count; index++) {
      const bin = await open(chunkPath(dir, index), 'r');
      try {
        const list = await readIndex(bin);
        const reader = new BlockReader(bin);
        for (const entry of list) {
          options.signal?.throwIfAborted();
          const name = Buffer.from(names.take(entry.name, entry.id), 'utf8');
          const offset = out.position;
          await out.write(localHeader(name, entry, stamp));
          await out.write(await reader.take(entry.size));
          await cd.write(centralHeader(name, entry, offset, stamp));
          entries++;
        }
      } finally {
        await bin.close();
      }
      await options.onChunk?.(index);
    }
    await cd.flush();
    const cdOffset = out.position;
    const cdSize = cd.position;
    // The central directory, copied block by block from its side file.
    await out.flush();
    const block = Buffer.allocUnsafe(BLOCK);
    for (let at = 0; at < cdSize; ) {
      const { bytesRead } = await cd.handle.read(block, 0, Math.min(BLOCK, cdSize - at), at);
      if (!bytesRead) throw new Error('central directory file ended early');
      await out.handle.write(block.subarray(0, bytesRead));
      at += bytesRead;
    }
    out.position += cdSize;
    await out.write(endRecords(entries, cdOffset, cdSize));
    await out.flush();
    return { entries, bytes: out.position };
  } finally {
    await out.handle.close();
    await cd.handle.close();
    await rm(cdPath, { force: true });
  }
}

/**
 * Writes the one file of a one-chunk job (a print sheet's PDF) at `outPath` as it is, without a ZIP
 * around it: the chunk's bytes copied block by block.
 */
export async function copySingleEntry(
  dir: string,
  outPath: string,
  options: { signal?: AbortSignal } = {},
): Promise<AssembleResult> {
  const bin = await open(chunkPath(dir, 0), 'r');
  try {
    const list = await readIndex(bin);
    if (list.length !== 1) throw new Error(`expected one file in the chunk, found ${list.length}`);
    const out = await open(outPath, 'w');
    try {
      const block = Buffer.allocUnsafe(BLOCK);
      const size = list[0]!.size;
      for (let at = 0; at < size; ) {
        options.signal?.throwIfAborted();
        const { bytesRead } = await bin.read(block, 0, Math.min(BLOCK, size - at), at);
        if (!bytesRead) throw new Error('chunk file is shorter than its index');
        await out.write(block.subarray(0, bytesRead));
        at += bytesRead;
      }
      return { entries: 1, bytes: size };
    } finally {
      await out.close();
    }
  } finally {
    await bin.close();
  }
}
