// The part of archiver 8 the ZIP worker uses (the package ships no types).
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  export interface ArchiverOptions {
    store?: boolean;
    zlib?: { level?: number };
    highWaterMark?: number;
  }
  export interface EntryData {
    name: string;
    date?: Date;
    mode?: number;
  }
  export class ZipArchive extends Transform {
    constructor(options?: ArchiverOptions);
    append(source: Buffer | Readable | string, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }
}
