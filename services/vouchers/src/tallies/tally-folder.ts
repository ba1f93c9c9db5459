import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { PendingTalliesRepository } from './pending-tallies.repository';

/** How often the queue of the redeems' tallies is folded (the figures are exact meanwhile too). */
export const FOLD_EVERY_MS = 250;
/** After a fold that found nothing: an idle platform does not query four times a second. */
export const IDLE_FOLD_EVERY_MS = 1000;
/** Most pending_tallies rows one fold moves (it goes on at once while it moves that many). */
const FOLD_LIMIT = 2000;

/**
 * Folds pending_tallies (queued by every redeem) into the dashboards' tallies every FOLD_EVERY_MS, so
 * the queue the readers add up stays a few hundred rows at most (every IDLE_FOLD_EVERY_MS while the
 * last fold found nothing to move). Every instance folds; concurrent
 * folds skip each other's rows. Runs after the platform's start-up (migrations) and stops before its
 * connections close.
 */
@Injectable()
export class TallyFolder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TallyFolder.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private failing = false;

  constructor(private readonly pending: PendingTalliesRepository) {}

  private stopped = false;

  onApplicationBootstrap(): void {
    this.schedule(FOLD_EVERY_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Folds until the queue is shorter than one fold (what a test waits for, too); returns rows moved. */
  async foldAll(): Promise<number> {
    let moved = 0;
    for (;;) {
      const n = await this.pending.fold(FOLD_LIMIT);
      moved += n;
      // More queued than one fold moves: go on, unless shutting down.
      if (n < FOLD_LIMIT || this.stopped) return moved;
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref();
  }

  private tick(): void {
    this.running = this.foldAll()
      .then((moved) => {
        if (this.failing) this.logger.log('folding the redeems’ tallies again');
        this.failing = false;
        return moved > 0 ? FOLD_EVERY_MS : IDLE_FOLD_EVERY_MS;
      })
      .catch((error: unknown) => {
        // Said once; the rows stay queued (and counted) until a later fold succeeds.
        if (!this.failing) this.logger.warn(`cannot fold the redeems’ tallies: ${(error as Error).message}`);
        this.failing = true;
        return IDLE_FOLD_EVERY_MS;
      })
      .then((next) => this.schedule(next))
      .finally(() => (this.running = null));
  }
}
