import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { CLOCK, type Clock } from '../clock';
import { AUDIT_CONFIG, type AuditConfig } from '../config';
import { AuditLogRepository } from './audit-log.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: a purge of millions never holds one long transaction. */
const PURGE_BATCH = 5_000;

/**
 * The retention job: entries older than AUDIT_RETENTION_DAYS are deleted, in batches, at start-up
 * and then every AUDIT_RETENTION_INTERVAL_MS (hourly). The only writer that deletes from audit_log.
 */
@Injectable()
export class AuditRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AuditRetention.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly log: AuditLogRepository,
    @Inject(AUDIT_CONFIG) private readonly config: AuditConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    const tick = () => {
      this.purge().catch((error: unknown) => this.logger.warn(`audit retention failed: ${String(error)}`));
    };
    tick();
    this.timer = setInterval(tick, this.config.AUDIT_RETENTION_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => 0);
  }

  /** Deletes every entry older than the retention period (by the clock); returns how many went. */
  purge(): Promise<number> {
    this.running ??= this.purgeAll().finally(() => (this.running = undefined));
    return this.running;
  }

  private async purgeAll(): Promise<number> {
    const before = new Date(this.clock().getTime() - this.config.AUDIT_RETENTION_DAYS * DAY_MS);
    let total = 0;
    for (;;) {
      const n = await this.log.purgeBatch(before, PURGE_BATCH);
      total += n;
      if (n < PURGE_BATCH) break;
    }
    if (total)
      this.logger.log(
        `purged ${total} audit entr${total === 1 ? 'y' : 'ies'} before ${before.toISOString()}`,
      );
    return total;
  }
}
