import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ServicePlatformOptions } from '../service/service-platform-options';
import { Transactions } from '../database/transactions';
import { PeriodicJob } from '../jobs/periodic-job';
import { SERVICE_OPTIONS } from '../service/tokens';
import { purgeAuditBatch } from './audit-entries.repository';

/** Rows deleted per statement: a purge of millions never holds one long transaction. */
export const AUDIT_PURGE_BATCH = 5_000;

/**
 * Every service's retention job for its append-only audit table (`audit_entries`, or the audit
 * service's `audit_log`): entries older than AUDIT_RETENTION_DAYS (at least 400, which the table's
 * trigger enforces too) are deleted in batches, once the migrations ran (ServiceLifecycle starts it)
 * and then every AUDIT_RETENTION_INTERVAL_MS.
 * The only code that deletes audit entries. Ages are judged by the database's clock, as the trigger's.
 */
@Injectable()
export class AuditRetention {
  private readonly logger = new Logger(AuditRetention.name);
  private readonly job = new PeriodicJob('audit retention', this.logger, () => this.purgeAll());

  constructor(
    private readonly transactions: Transactions,
    @Inject(SERVICE_OPTIONS) private readonly options: ServicePlatformOptions,
  ) {}

  /** The table this service's job purges. */
  get table(): 'audit_entries' | 'audit_log' {
    return this.options.auditTable ?? 'audit_entries';
  }

  start(): void {
    this.job.start(this.options.config.AUDIT_RETENTION_INTERVAL_MS);
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Deletes every entry older than the retention period; returns how many went. */
  purge(): Promise<number> {
    return this.job.run();
  }

  private async purgeAll(): Promise<number> {
    const days = this.options.config.AUDIT_RETENTION_DAYS;
    let total = 0;
    for (;;) {
      // One short transaction per batch.
      const n = await this.transactions.run((tx) => purgeAuditBatch(tx, this.table, days, AUDIT_PURGE_BATCH));
      total += n;
      if (n < AUDIT_PURGE_BATCH) break;
    }
    if (total)
      this.logger.log(`purged ${total} ${this.table} row${total === 1 ? '' : 's'} older than ${days} days`);
    return total;
  }
}
