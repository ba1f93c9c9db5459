import { Injectable, Logger } from '@nestjs/common';
import { Transactions } from '../database/transactions';
import { PeriodicJob } from '../jobs/periodic-job';
import { deleteInboxClaims, deletePublishedOutboxRows } from './event-tables.repository';
import { EVENT_STREAM_MAX_AGE_MS } from './jetstream';

/**
 * How long a consumer's inbox claim (processed_events) is kept: the stream's age limit, past which no
 * event can be delivered again, and a day more (a redelivery under way, clocks apart).
 */
export const INBOX_RETENTION_MS = EVENT_STREAM_MAX_AGE_MS + 24 * 60 * 60 * 1000;
/**
 * How long an outbox row is kept once published: nothing reads it again (the stream holds the event),
 * but a day of them shows an operator, and a test, what a service wrote.
 */
export const PUBLISHED_OUTBOX_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How often the job runs: an hour's rows at a time, never one long statement over days of them. */
export const EVENT_TABLES_RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Every service's job that keeps its event tables bounded (decision 378): both grew by a row per event
 * (the outbox) and per event and consumer (the inbox) for as long as the service ran. Outbox rows
 * published more than PUBLISHED_OUTBOX_RETENTION_MS ago and inbox claims older than INBOX_RETENTION_MS
 * are deleted once the migrations ran (ServiceLifecycle starts it) and then every
 * EVENT_TABLES_RETENTION_INTERVAL_MS. An unpublished row is never deleted, however old. Ages are judged
 * by the database's clock, which wrote published_at and processed_at.
 */
@Injectable()
export class EventTablesRetention {
  private readonly logger = new Logger(EventTablesRetention.name);
  private readonly job = new PeriodicJob('event tables retention', this.logger, () => this.pruneOnce());

  constructor(private readonly transactions: Transactions) {}

  start(): void {
    this.job.start(EVENT_TABLES_RETENTION_INTERVAL_MS);
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Deletes what no one needs any more; returns how many rows of each table went. */
  prune(): Promise<{ outbox: number; inbox: number }> {
    return this.job.run();
  }

  private async pruneOnce(): Promise<{ outbox: number; inbox: number }> {
    // One statement each (an hour's rows), each its own short transaction: the rows are ones nobody
    // locks or reads again (a claim older than the stream's age cannot be made again), so the delete
    // blocks no one; a batched one would scan the dead rows of every batch before it.
    const outbox = await this.transactions.run((tx) =>
      deletePublishedOutboxRows(tx, PUBLISHED_OUTBOX_RETENTION_MS),
    );
    const inbox = await this.transactions.run((tx) => deleteInboxClaims(tx, INBOX_RETENTION_MS));
    if (outbox || inbox)
      this.logger.log(
        `deleted ${outbox} outbox row(s) published over a day ago and ${inbox} inbox claim(s) over ${INBOX_RETENTION_MS / 86_400_000} days old`,
      );
    return { outbox, inbox };
  }
}
