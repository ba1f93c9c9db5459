import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { TalliesRepository } from './tallies.repository';

/** How often the queue of the redeems' tallies is folded (the figures are exact meanwhile too). */
export const FOLD_EVERY_MS = 250;
/** Most pending_tallies rows one fold moves (it goes on at once while it moves that many). */
const FOLD_LIMIT = 2000;

/**
 * Folds pending_tallies (queued by every redeem) into the dashboards' tallies every FOLD_EVERY_MS, so
 * the queue the readers add up stays a few hundred rows at most. Every instance folds; concurrent
 * folds skip each other's rows. Runs after the platform's start-up (migrations) and stops before its
 * connections close.
 */
@Injectable()
export class TallyFolder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TallyFolder.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private failing = false;

  constructor(private readonly tallies: TalliesRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), FOLD_EVERY_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Folds until the queue is shorter than one fold (what a test waits for, too). */
  async foldAll(): Promise<void> {
    while ((await this.tallies.fold(FOLD_LIMIT)) === FOLD_LIMIT && this.timer) {
      // more queued than one fold moves: go on
    }
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.foldAll()
      .then(() => {
        if (this.failing) this.logger.log('folding the redeems’ tallies again');
        this.failing = false;
      })
      .catch((error: unknown) => {
        // Said once; the rows stay queued (and counted) until a later fold succeeds.
        if (!this.failing) this.logger.warn(`cannot fold the redeems’ tallies: ${(error as Error).message}`);
        this.failing = true;
      })
      .finally(() => (this.running = null));
  }
}
