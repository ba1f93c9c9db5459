import type { Tx } from '../database/transactions';

/** What a `run` statement answers: how many rows it changed. */
interface RunResult {
  affectedRows: number;
}

/** The service's own table, by its schema (as the relay and the consumers name it). */
const table = (tx: Tx, name: 'outbox_events' | 'processed_events') => `"${tx.config.get('schema')}".${name}`;

/** Deletes the outbox rows published more than `ageMs` ago (never one still unpublished); returns how many. */
export async function deletePublishedOutboxRows(tx: Tx, ageMs: number): Promise<number> {
  const result = (await tx.execute(
    `delete from ${table(tx, 'outbox_events')} where published_at < now() - make_interval(secs => ?)`,
    [ageMs / 1000],
    'run',
  )) as unknown as RunResult;
  return result.affectedRows;
}

/** Deletes the consumers' inbox claims made more than `ageMs` ago; returns how many. */
export async function deleteInboxClaims(tx: Tx, ageMs: number): Promise<number> {
  const result = (await tx.execute(
    `delete from ${table(tx, 'processed_events')} where processed_at < now() - make_interval(secs => ?)`,
    [ageMs / 1000],
    'run',
  )) as unknown as RunResult;
  return result.affectedRows;
}
