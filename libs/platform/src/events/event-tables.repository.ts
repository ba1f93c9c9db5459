import type { Tx } from '../database/transactions';

/** What a `run` statement answers: how many rows it changed. */
interface RunResult {
  affectedRows: number;
}

/** One age-limited delete on the service's own table (by its schema, as the relay and the consumers name it). */
async function deleteOlderThan(
  tx: Tx,
  table: 'outbox_events' | 'processed_events',
  column: 'published_at' | 'processed_at',
  ageMs: number,
): Promise<number> {
  const result = (await tx.execute(
    `delete from "${tx.config.get('schema')}".${table} where ${column} < now() - make_interval(secs => ?)`,
    [ageMs / 1000],
    'run',
  )) as unknown as RunResult;
  return result.affectedRows;
}

/** Deletes the outbox rows published more than `ageMs` ago (never one still unpublished); returns how many. */
export const deletePublishedOutboxRows = (tx: Tx, ageMs: number) =>
  deleteOlderThan(tx, 'outbox_events', 'published_at', ageMs);

/** Deletes the consumers' inbox claims made more than `ageMs` ago; returns how many. */
export const deleteInboxClaims = (tx: Tx, ageMs: number) =>
  deleteOlderThan(tx, 'processed_events', 'processed_at', ageMs);
