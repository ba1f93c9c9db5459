import type { Actor, CardSize, RenderFormat, RenderVariant, SheetSize } from '@avpass/contracts';

/** Which codes a ZIP job prints: exactly one of these. */
export type ZipSource = { ids: string[] } | { batchId: string } | { all: true };

/** A ZIP job's payload in Redis. The actor is the requester's; the worker resolves codes as them. */
export interface ZipJobData {
  ownerUserId: string;
  actor: Actor;
  source: ZipSource;
  format: RenderFormat;
  variant: RenderVariant;
  /** The card's printed size; absent in jobs queued before sizes existed (A6). */
  size?: CardSize;
  /** When set, the ZIP holds one PDF of cards on sheets of this paper instead of a file per code. */
  sheet?: SheetSize;
  fileName: string;
  /** Codes visible when the job was accepted (the ZIP may differ if codes change meanwhile). */
  total: number;
  requestId: string;
}

export interface ZipProgress {
  done: number;
  total: number;
}
