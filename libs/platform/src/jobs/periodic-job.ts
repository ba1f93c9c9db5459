import type { Logger } from '@nestjs/common';

/**
 * A service's housekeeping job (a retention purge, say): run once when started and then every
 * `intervalMs`. One run at a time: a run asked for while one is under way (the timer's, a test's) joins
 * it. A failed run is logged and left to the next tick; the timer never holds the process open; stop()
 * ends the ticks and waits for the run under way, so a shutdown never closes a connection beneath it.
 */
export class PeriodicJob<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;

  constructor(
    /** What a failure's log line calls it ("audit retention"). */
    private readonly name: string,
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly work: () => Promise<T>,
  ) {}

  start(intervalMs: number): void {
    if (this.timer) return;
    const tick = () => {
      this.run().catch((error: unknown) =>
        this.logger.warn(`${this.name} failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  /** Runs the job now, or joins the run under way; resolves to what it returned. */
  run(): Promise<T> {
    this.running ??= this.work().finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
