import { WALLET_JOB_NAMES, walletQueueName, type WalletJobData } from '@avpass/contracts';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { WALLET_CONFIG, type WalletConfig } from '../config';
import type { PassChanged } from './wallet-passes.repository';

type WalletJobName = (typeof WALLET_JOB_NAMES)[keyof typeof WALLET_JOB_NAMES];

/**
 * The producer side of the wallet updates queue: one job per wallet that holds a changed pass, and
 * one delayed job per pass at the end of its voucher's last day. Job ids name the pass and its change
 * sequence, so an event delivered twice queues its jobs once.
 */
@Injectable()
export class WalletUpdatesQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('WalletUpdatesQueue');
  readonly queue: Queue<WalletJobData>;
  private readonly connection: Redis;

  constructor(@Inject(WALLET_CONFIG) private readonly config: WalletConfig) {
    // Fails fast while Redis is away: the event that asked is then redelivered (its consumer throws).
    this.connection = new Redis(config.REDIS_URL, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: 2000,
      connectTimeout: 3000,
    });
    this.connection.on('error', () => undefined);
    this.queue = new Queue<WalletJobData>(walletQueueName(config.NATS_NAMESPACE), {
      connection: this.connection,
    });
    this.queue.on('error', () => undefined);
  }

  private options(jobId: string, delay = 0): JobsOptions {
    return {
      jobId,
      delay,
      attempts: this.config.WALLET_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.config.WALLET_JOB_BACKOFF_MS },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    };
  }

  private add(name: WalletJobName, data: WalletJobData, jobId: string, delay = 0) {
    return this.queue.add(name, data, this.options(jobId, delay));
  }

  /** Sets a member's Google Wallet object to their new pass version (issue 43); once per version. */
  async memberGoogle(memberId: string, passVersion: number): Promise<void> {
    await this.add(
      WALLET_JOB_NAMES.memberGooglePatch,
      { qrCodeId: memberId, seq: passVersion },
      `member-google-${memberId}-${passVersion}`,
    );
  }

  /** Tells every wallet holding the pass that it changed (nothing when none does). */
  async notifyWallets(qrCodeId: string, change: PassChanged): Promise<void> {
    const data = { qrCodeId, seq: change.changeSeq };
    const jobs: Promise<unknown>[] = [];
    if (change.apple)
      jobs.push(this.add(WALLET_JOB_NAMES.applePush, data, `apple-${qrCodeId}-${change.changeSeq}`));
    if (change.google)
      jobs.push(this.add(WALLET_JOB_NAMES.googlePatch, data, `google-${qrCodeId}-${change.changeSeq}`));
    await Promise.all(jobs);
  }

  /**
   * The pass turns expired at `at` (the end of the voucher's last business day). One job per pass and
   * instant however often the pass is issued; a changed expiry gets its own.
   */
  async expireAt(qrCodeId: string, at: Date): Promise<void> {
    const delay = at.getTime() - Date.now();
    if (delay <= 0) return;
    try {
      await this.add(
        WALLET_JOB_NAMES.expire,
        { qrCodeId, seq: 0 },
        `expire-${qrCodeId}-${at.getTime()}`,
        delay,
      );
    } catch (error) {
      // The pass still carries its expirationDate (the phone greys it out by itself); only the push is lost.
      this.logger.warn(`expiry of ${qrCodeId} not scheduled: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}
