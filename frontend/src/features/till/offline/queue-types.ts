/**
 * The till's offline queue (issue 25): a redeem that could not reach AV Pass is kept on the phone
 * (IndexedDB) with its Idempotency-Key, scan time and sale amount, and sent exactly once when the
 * connection is back. What came of each is kept as a result (the newest RESULTS_KEPT).
 */

/** A redeem waiting to be sent. */
export interface PendingRedeem {
  /** Sent as the Idempotency-Key header: however often it is sent, one redemption at most. */
  idempotencyKey: string;
  /** What was scanned or typed (link, id or the 8 characters); the server resolves it. */
  code: string;
  /** The sale amount in cents, if one was typed. */
  transactionAmount?: number;
  /** When the till scanned it (ISO 8601): the redemption keeps it beside the time it arrives. */
  scannedAt: string;
  /** When it was put in the queue (ISO 8601): the queue is sent oldest first. */
  savedAt: string;
  /** The staff member who scanned it: only their session sends it (another sign-in leaves it waiting). */
  userId: string;
  /**
   * The voucher's title when the till knew it (checked online, or in its offline copy): a refusal at
   * sync is listed by it, never by a bare code.
   */
  title?: string;
  /**
   * Picked from a scanned member pass (issue 43): the member, and the pass code's time step. The
   * per-member daily cap is counted offline per till from these.
   */
  memberId?: string;
  passStep?: number;
}

/** What came of a queued redeem: accepted (with the redemption's reference) or refused with the reason. */
export interface RedeemResult extends PendingRedeem {
  outcome: 'accepted' | 'refused';
  /** When the answer came (ISO 8601); the list shows the newest first. */
  settledAt: string;
  /** accepted: the redemption's short reference and its server time (and `title`, the server's). */
  reference?: string;
  redeemedAt?: string;
  /** refused: the server's reason in words ("This voucher has been used up"). */
  reason?: string;
  /** refused: the reason's stable code and its values (decision 356), when the server sent one. */
  reasonCode?: string;
  reasonParams?: Record<string, unknown>;
  /** refused: the HTTP status of the refusal. */
  status?: number;
}

/** How many results are kept (the oldest go first). */
export const RESULTS_KEPT = 50;

/** Where the queue lives: IndexedDB in the browser, memory in the unit tests. */
export interface QueueStore {
  /** Every waiting redeem, oldest first. */
  pending(): Promise<PendingRedeem[]>;
  /** The waiting redeem with this key, if it is still waiting. */
  get(idempotencyKey: string): Promise<PendingRedeem | undefined>;
  add(item: PendingRedeem): Promise<void>;
  /**
   * Moves a waiting redeem to the results in one step (a reload in between loses nothing and does
   * not send it twice), keeping the newest RESULTS_KEPT results. False when it was no longer waiting.
   */
  settle(result: RedeemResult): Promise<boolean>;
  /** The results, newest first. */
  results(): Promise<RedeemResult[]>;
}
