import {
  actorSchema,
  periodField,
  STATEMENTS_ISSUE_JOB,
  STATEMENTS_ISSUE_PERIOD_JOB,
  STATEMENTS_ISSUE_RETRY,
  STATEMENTS_ISSUE_SCHEDULER,
  statementsQueueName,
  type IssueStatementsResponse,
  type RpcMeta,
} from '@avpass/contracts';
import { addDays, businessDayOf } from '@avpass/domain';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { Job, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Redis } from 'ioredis';
import { STATEMENTS_CONFIG, type StatementsConfig } from '../config';
import { IssuingService } from './issuing.service';

/** The month ('YYYY-MM') before the business day of `now` in the zone. */
export function lastMonth(now: Date, timeZone: string): string {
  const firstOfThisMonth = `${businessDayOf(now, timeZone).slice(0, 7)}-01`;
  return addDays(firstOfThisMonth, -1).slice(0, 7);
}

const jobMetaSchema = z.object({
  requestId: z
    .string()
    .max(100)
    .catch(() => randomUUID()),
  actor: actorSchema.optional().catch(undefined),
  ip: z.string().max(100).optional().catch(undefined),
  userAgent: z.string().max(500).optional().catch(undefined),
});
/** The audit's who and where, as the job says them, each checked (an unreadable part is left out). */
const metaOf = (data: unknown): RpcMeta => jobMetaSchema.parse(data ?? {});

/**
 * Issues months on the statements queue, one job at a time: the month just ended on the repeatable
 * schedule STATEMENTS_ISSUE_CRON (BullMQ's job scheduler, kept once in Redis however many instances
 * upsert it; the month comes from the clock when it runs), and a month an administrator asks for
 * (POST /api/statements/issue), whose answer waits STATEMENTS_ISSUE_ANSWER_MS at most: ten thousand
 * partners take minutes, longer than the gateway waits for a call. The worker checks a job's month again
 * (it trusts nothing in a job); issuing is idempotent per partner and month.
 */
@Injectable()
export class MonthlyIssueWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MonthlyIssueWorker');
  private connection?: Redis;
  private queue?: Queue;
  private events?: QueueEvents;
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
    // Its own connection: it reads the queue's event stream with blocking calls.
    this.events = new QueueEvents(name, { connection: this.connection.duplicate() });
    this.events.on('error', (error) => this.logger.warn(`events: ${error.message}`));
    this.worker = new Worker(
      name,
      (job) => (job.name === STATEMENTS_ISSUE_PERIOD_JOB ? this.issuePeriod(job) : this.issueLastMonth()),
      { connection: this.connection, concurrency: 1 },
    );
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
  }

  /** Issues last month's statements (what the job does; tests call it with a clock). */
  async issueLastMonth(now = new Date()): Promise<string> {
    const period = lastMonth(now, this.config.BUSINESS_TIMEZONE);
    const result = await this.issuing.issue(period, null, now);
    this.logger.log(`${period}: ${result.issued} statement(s) issued, ${result.alreadyIssued} already were`);
    return `${result.issued} issued`;
  }

  /**
   * POST /api/statements/issue: the month's issue as a job; its counts when it ends within
   * STATEMENTS_ISSUE_ANSWER_MS, else the counts so far and `running` (it goes on).
   */
  async issueNow(period: string, meta: RpcMeta): Promise<IssueStatementsResponse> {
    this.issuing.assertPeriodOver(period);
    await this.events!.waitUntilReady();
    const job = await this.queue!.add(
      STATEMENTS_ISSUE_PERIOD_JOB,
      // Who asked, for the statements' audit entries (the gateway's authenticated actor, not the body's).
      { period, requestId: meta.requestId, actor: meta.actor, ip: meta.ip, userAgent: meta.userAgent },
      {
        jobId: `issue-${period}-${randomUUID()}`,
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 86_400 },
      },
    );
    try {
      return (await job.waitUntilFinished(
        this.events!,
        this.config.STATEMENTS_ISSUE_ANSWER_MS,
      )) as IssueStatementsResponse;
    } catch (error) {
      if (!(error instanceof Error) || !/timed out/i.test(error.message)) throw error;
      const progress = (await Job.fromId(this.queue!, job.id!))?.progress as
        | Partial<IssueStatementsResponse>
        | undefined;
      return {
        period,
        issued: progress?.issued ?? 0,
        alreadyIssued: progress?.alreadyIssued ?? 0,
        running: true,
      };
    }
  }

  /** An administrator's month, checked again (the job could have been written by anyone with Redis). */
  private async issuePeriod(job: Job): Promise<IssueStatementsResponse> {
    const period = periodField.safeParse((job.data as { period?: unknown })?.period);
    if (!period.success) throw new UnrecoverableError(`not a month: ${JSON.stringify(job.data)}`);
    const result = await this.issuing.issue(period.data, metaOf(job.data), new Date(), (soFar) =>
      job.updateProgress(soFar),
    );
    this.logger.log(
      `${period.data}: ${result.issued} statement(s) issued, ${result.alreadyIssued} already were`,
    );
    return result;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.events?.close();
    await this.queue?.close();
    this.connection?.disconnect();
  }
}
