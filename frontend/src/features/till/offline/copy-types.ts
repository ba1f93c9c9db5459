import type { TillCodesRequest, TillCodesResponse, TillCopyCode } from '@avpass/contracts';

/**
 * The till's offline copy (issue 37): the codes this partner may honour, kept in IndexedDB while online
 * and refreshed by delta, so a till without a connection answers as the server would.
 */

/** What the copy is and how fresh: the partner it is for, the cursor of its next delta, when it was read. */
export interface CopyMeta {
  partnerId: string;
  /** The server's `since` of the last complete run: the next delta asks what changed after it. */
  since: string;
  /** The business time zone the dates are days of (the server's BUSINESS_TIMEZONE). */
  timeZone: string;
  /** When the last complete run began (ISO): the copy is at least as fresh ("list from 10:42"). */
  syncedAt: string;
  /** How many codes it holds. */
  count: number;
}

/** Where the copy lives: IndexedDB in the browser, memory in the unit tests. */
export interface CopyStore {
  meta(): Promise<CopyMeta | undefined>;
  setMeta(meta: CopyMeta): Promise<void>;
  byId(id: string): Promise<TillCopyCode | undefined>;
  /** The codes whose id starts with these 8 hex characters (lower case), at most `limit`. */
  byPrefix(prefix: string, limit: number): Promise<TillCopyCode[]>;
  /** Writes a page of a run: rows (stamped with the run) and removals, in one transaction. */
  apply(items: TillCopyCode[], removed: string[], run: number): Promise<void>;
  /** After a whole copy: drops every row no page of `run` wrote (codes no longer honoured). */
  dropOtherRuns(run: number): Promise<void>;
  count(): Promise<number>;
  clear(): Promise<void>;
}

/** Fetches one page (getTillCodes). */
export type FetchCopyPage = (query: TillCodesRequest) => Promise<TillCodesResponse>;
