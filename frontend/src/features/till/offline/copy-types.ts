import type {
  PassKeysResponse,
  PassPublicKey,
  PassRevocationsPage,
  TillCodesRequest,
  TillCodesResponse,
  TillCopyCode,
} from '@avpass/contracts';

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
  /**
   * The club's per-member daily cap when the copy was read (Settings; null or absent: no cap), and
   * the member pass lists' state (issue 43): the revocations' next `since`, when the keys were read.
   */
  memberDailyCap?: number | null;
  revocationsSince?: string;
  passKeysAt?: string;
}

/**
 * A code of the copy (issue 43: a held code carries its holder's `memberId` and their `memberDay`, so a
 * scanned member pass finds the member's codes and the daily cap's start).
 */
export type CopyCode = TillCopyCode;

/** Where the copy lives: IndexedDB in the browser, memory in the unit tests. */
export interface CopyStore {
  meta(): Promise<CopyMeta | undefined>;
  setMeta(meta: CopyMeta): Promise<void>;
  byId(id: string): Promise<CopyCode | undefined>;
  /** The codes whose id starts with these 8 hex characters (lower case), at most `limit`. */
  byPrefix(prefix: string, limit: number): Promise<CopyCode[]>;
  /** Writes a page of a run: rows (stamped with the run) and removals, in one transaction. */
  apply(items: CopyCode[], removed: string[], run: number): Promise<void>;
  /** After a whole copy: drops every row no page of `run` wrote (codes no longer honoured). */
  dropOtherRuns(run: number): Promise<void>;
  count(): Promise<number>;
  clear(): Promise<void>;
  /** A member's codes in the copy (held codes carry the member's id), at most `limit`. */
  byMember(memberId: string, limit: number): Promise<CopyCode[]>;
  /** The member pass's public keys (replaced whole on each read). */
  passKeys(): Promise<PassPublicKey[]>;
  setPassKeys(keys: PassPublicKey[]): Promise<void>;
  /** The member's current pass version when it was revoked (a code of an older version is refused). */
  revokedVersion(memberId: string): Promise<number | undefined>;
  /** Writes a page of revocations (the highest version wins); `replace`: drops the old list first. */
  applyRevocations(items: PassRevocationsPage['items'], replace: boolean): Promise<void>;
}

/** Fetches the pass keys (GET /api/till/pass-keys) and a page of revocations (GET /api/till/pass-revocations). */
export type FetchPassKeys = () => Promise<PassKeysResponse>;
export type FetchRevocations = (query: {
  since?: string;
  cursor?: string;
  limit?: number;
}) => Promise<PassRevocationsPage>;

/** Fetches one page (getTillCodes). */
export type FetchCopyPage = (query: TillCodesRequest) => Promise<TillCodesResponse>;
