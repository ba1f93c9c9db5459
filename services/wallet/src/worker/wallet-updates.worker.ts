import {
  WALLET_JOB_NAMES,
  walletJobDataSchema,
  walletQueueName,
  type WalletJobData,
} from '@avpass/contracts';
import { bullmqJobDurationSeconds, exportMetrics } from '@avpass/platform';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { ApnsClient, ApnsError } from '../apple';
import { WALLET_CONFIG, type WalletConfig } from '../config';
import { GoogleWalletError } from '../google';
import { MemberPassesService, WalletPassesRepository, WalletPassesService } from '../passes';
import { WALLET_CREDENTIALS, type WalletCredentials } from '../wallet-credentials';

/** Why a job waits: the change it was queued for is not committed yet (the consumer's transaction). */
const NOT_YET_VISIBLE = 'the pass change is not visible yet';
/** How often, and how far apart, a job looks for its change before it is retried with backoff. */
const VISIBILITY_CHECKS = 20;
const VISIBILITY_WAIT_MS = 25;

/**
 * The wallet updates worker (thin: the clients do the calls). A job names a pass and its change
 * number and nothing else is taken from it: the devices, the voucher and the pass's state are read
 * here. A failure a retry can mend (APNs or Google busy or away, a timeout) throws and BullMQ retries
 * with backoff (WALLET_JOB_ATTEMPTS, WALLET_JOB_BACKOFF_MS); one it cannot (a refused request) ends
 * the job. A device APNs no longer knows (410) loses its registrations.
 */
@Injectable()
export class WalletUpdatesWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WalletUpdatesWorker');
  private worker?: Worker<WalletJobData>;
  private connection?: Redis;
  private apns?: ApnsClient;

  constructor(
    @Inject(WALLET_CONFIG) private readonly config: WalletConfig,
    @Inject(WALLET_CREDENTIALS) private readonly credentials: WalletCredentials,
    private readonly passes: WalletPassesRepository,
    private readonly wallet: WalletPassesService,
    private readonly members: MemberPassesService,
  ) {}

  onApplicationBootstrap(): void {
    exportMetrics(bullmqJobDurationSeconds);
    if (this.credentials.apple) this.apns = new ApnsClient(this.credentials.apple.apns);
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.connection.on('error', () => undefined);
    this.worker = new Worker<WalletJobData>(
      walletQueueName(this.config.NATS_NAMESPACE),
      (job) => this.run(job),
      {
        connection: this.connection,
        concurrency: 8,
      },
    );
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`${job?.name} ${job?.data.qrCodeId} attempt ${job?.attemptsMade}: ${error.message}`),
    );
  }

  private async run(job: Job<WalletJobData>): Promise<string> {
    const parsed = walletJobDataSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError('not a wallet job');
    const data = parsed.data;
    const endTimer = bullmqJobDurationSeconds.startTimer({ queue: job.queueName });
    try {
      switch (job.name) {
        case WALLET_JOB_NAMES.applePush:
          return await this.applePush(data);
        case WALLET_JOB_NAMES.googlePatch:
          return await this.googlePatch(data);
        case WALLET_JOB_NAMES.memberGooglePatch:
          return await this.memberGooglePatch(data);
        case WALLET_JOB_NAMES.expire:
          await this.wallet.vouchersChanged([data.qrCodeId], 'expired');
          return 'expired';
        default:
          throw new UnrecoverableError(`unknown wallet job ${job.name}`);
      }
    } finally {
      endTimer();
    }
  }

  /**
   * The pass as of the job's change, or null when it is gone (nothing to tell). The job is queued
   * inside the consumer's transaction, so it can start before that commits: it looks again a few
   * times (a commit takes milliseconds) before handing the job back to BullMQ's backoff.
   */
  private async passAt(data: WalletJobData) {
    for (let attempt = 0; ; attempt++) {
      const row = await this.passes.find(data.qrCodeId);
      if (!row || row.changeSeq >= data.seq) return row;
      if (attempt >= VISIBILITY_CHECKS) throw new Error(NOT_YET_VISIBLE);
      await new Promise((resolve) => setTimeout(resolve, VISIBILITY_WAIT_MS));
    }
  }

  /** An empty push to every device registered for the pass: each then asks for what changed. */
  private async applePush(data: WalletJobData): Promise<string> {
    const apns = this.apns;
    if (!apns || !(await this.passAt(data))) return 'nothing to push';
    let sent = 0;
    let forgotten = 0;
    const retry: string[] = [];
    let after: string | null = null;
    for (;;) {
      const tokens = await this.passes.pushTokens(data.qrCodeId, after);
      if (!tokens.length) break;
      for (const token of tokens) {
        try {
          if ((await apns.push(token)) === 'unregistered')
            forgotten += await this.passes.forgetPushToken(token);
          else sent++;
        } catch (error) {
          if (error instanceof ApnsError && !error.retryable) {
            this.logger.warn(`APNs refused a push for ${data.qrCodeId}: ${error.message}`);
          } else retry.push(error instanceof Error ? error.message : String(error));
        }
      }
      after = tokens[tokens.length - 1]!;
    }
    // Pushes are idempotent ("fetch the pass"): a retry pushes every device again.
    if (retry.length) throw new Error(`APNs: ${retry.length} push(es) to retry (${retry[0]})`);
    return `pushed ${sent}, forgot ${forgotten}`;
  }

  /** PATCH the Google Wallet object with the voucher as it stands. */
  private async googlePatch(data: WalletJobData): Promise<string> {
    const row = await this.passAt(data);
    if (!row?.googleIssued) return 'nothing to patch';
    try {
      return await this.wallet.patchGoogle(data.qrCodeId, { requestId: randomUUID() });
    } catch (error) {
      if (error instanceof GoogleWalletError && !error.retryable) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  /** PATCH a member's Google Wallet object with their current pass version and secret (issue 43). */
  private async memberGooglePatch(data: WalletJobData): Promise<string> {
    try {
      return await this.members.patchMemberGoogle(data.qrCodeId, { requestId: randomUUID() });
    } catch (error) {
      if (error instanceof GoogleWalletError && !error.retryable) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.apns?.close();
    this.connection?.disconnect();
  }
}
