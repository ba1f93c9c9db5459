import {
  STATEMENTS_ISSUE_JOB,
  STATEMENTS_ISSUE_RETRY,
  STATEMENTS_ISSUE_SCHEDULER,
  statementsQueueName,
} from '@avpass/contracts';
import { addDays, businessDayOf } from '@avpass/domain';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { STATEMENTS_CONFIG, type StatementsConfig } from '../config';
import { IssuingService } from './issuing.service';

/** The month ('YYYY-MM') before the business day of `now` in the zone. */
export function lastMonth(now: Date, timeZone: string): string {
  const firstOfThisMonth = `${businessDayOf(now, timeZone).slice(0, 7)}-01`;
  return addDays(firstOfThisMonth, -1).slice(0, 7);
}

/**
 * Issues the month just ended, on the repeatable schedule STATEMENTS_ISSUE_CRON (BullMQ's job scheduler,
 * kept once in Redis however many instances upsert it). The job carries nothing a caller could forge:
 * the month comes from the clock when it runs, and issuing is idempotent per partner and month.
 */
@Injectable()
export class MonthlyIssueWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MonthlyIssueWorker');
  private connection?: Redis;
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    private readonly issuing: IssuingService,
    @Inject(STATEMENTS_CONFIG) private readonly config: StatementsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    const name = statementsQueueName(this.config.NATS_NAMESPACE);
    this.queue = new Queue(name, { connection: this.connection });
    this.queue.on('error', (error) => this.logger.warn(`queue: ${error.message}`));
    if (this.config.STATEMENTS_ISSUE_CRON)
      await this.queue
        .upsertJobScheduler(
          STATEMENTS_ISSUE_SCHEDULER,
          { pattern: this.config.STATEMENTS_ISSUE_CRON, tz: this.config.BUSINESS_TIMEZONE },
          {
            name: STATEMENTS_ISSUE_JOB,
            data: {},
            opts: { ...STATEMENTS_ISSUE_RETRY, removeOnComplete: 100 },
          },
        )
        .catch((error: Error) => this.logger.warn(`cannot schedule the monthly issue: ${error.message}`));
    else await this.queue.removeJobScheduler(STATEMENTS_ISSUE_SCHEDULER).catch(() => undefined);
    this.worker = new Worker(name, () => this.issueLastMonth(), {
      connection: this.connection,
      concurrency: 1,
    });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
  }

  /** Issues last month's statements (what the job does; tests call it with a clock). */
  async issueLastMonth(now = new Date()): Promise<string> {
    const period = lastMonth(now, this.config.BUSINESS_TIMEZONE);
    const result = await this.issuing.issue(period, null, now);
    this.logger.log(`${period}: ${result.issued} statement(s) issued, ${result.alreadyIssued} already were`);
    return `${result.issued} issued`;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.connection?.disconnect();
  }
}
