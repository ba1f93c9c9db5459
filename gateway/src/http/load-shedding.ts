import { DomainError } from '@avpass/platform';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** How often the event loop's delay is read (the mean over that window decides). */
const WINDOW_MS = 500;

/**
 * How far past the limit of polls in flight a screen's first load is refused too: a screen with nothing
 * to show yet waits only when twice as many polls wait on services as a revalidating poll is let through
 * at (decision 377).
 */
const FIRST_LOAD_HEADROOM = 2;

/**
 * Past the box's limit, polls give way (issue 28): a polled GET that would have to ask a service (its
 * session check or its answer) is refused with 503 and Retry-After while too many polls are already
 * waiting on services
 * (SHED_MAX_POLLS_IN_FLIGHT) or the event loop runs late (SHED_EVENT_LOOP_DELAY_MS, the mean delay over
 * the last half second). A first load (no If-None-Match: the screen has nothing to show yet) gives way
 * only past twice the polls in flight, and is asked back sooner. Redeems, till calls, sign-in and writes are
 * never refused here; a poll answered from the version (304) or the shared cache costs nothing and is
 * never refused either.
 */
@Injectable()
export class LoadShedder implements OnApplicationShutdown {
  private inFlight = 0;
  private delayMs = 0;
  private shedCount = 0;
  private readonly histogram: IntervalHistogram;
  private readonly timer: NodeJS.Timeout;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.histogram = monitorEventLoopDelay({ resolution: 10 });
    this.histogram.enable();
    this.timer = setInterval(() => {
      this.delayMs = Number.isFinite(this.histogram.mean) ? this.histogram.mean / 1e6 : 0;
      this.histogram.reset();
    }, WINDOW_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  /** Throws the 503 when a screen's poll should give way now. */
  admitPoll(): void {
    const { SHED_MAX_POLLS_IN_FLIGHT: polls, SHED_EVENT_LOOP_DELAY_MS: delay } = this.config;
    if (this.inFlight >= polls || this.delayMs > delay)
      this.refuse(spreadRetryAfter(this.config.SHED_RETRY_AFTER_SECONDS));
  }

  /**
   * Throws the 503 when a screen's first load should give way now: while twice as many polls wait on
   * services as a revalidating poll is let through at (never while none does; the event loop's delay,
   * which a busy box's other processes move too, does not refuse a screen with nothing to show), back in
   * a sixth of a poll's Retry-After to three times that (5–15 s by default), so a crowd of screens opened
   * at once is spread over seconds instead of queued.
   */
  admitFirstLoad(): void {
    if (this.inFlight >= Math.max(1, FIRST_LOAD_HEADROOM * this.config.SHED_MAX_POLLS_IN_FLIGHT)) {
      const seconds = Math.max(1, Math.round(this.config.SHED_RETRY_AFTER_SECONDS / 6));
      this.refuse(spreadRetryAfter(seconds, Math.random, 2));
    }
  }

  private refuse(retryAfterSeconds: number): never {
    this.shedCount++;
    throw new DomainError(
      'SERVICE_UNAVAILABLE',
      'AV Pass is busy: this screen will refresh itself shortly.',
      undefined,
      retryAfterSeconds,
      { shed: true },
    );
  }

  /** Counts a poll waiting on a service while `work` runs. */
  async track<T>(work: () => Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await work();
    } finally {
      this.inFlight--;
    }
  }

  /** Polls refused so far (for tests and the bench's reading). */
  get shed(): number {
    return this.shedCount;
  }
}

/**
 * The Retry-After of a refused poll: `seconds` to `1 + spread` times that (half as much again unless
 * told), whole seconds, at random. A poll's is longer than the screens' own 10–12 s, so a refused screen
 * asks less often (the same wait would refuse it, not lighten the load), and spread, so the screens
 * refused in one busy second do not all come back in the same one.
 */
export function spreadRetryAfter(seconds: number, random: () => number = Math.random, spread = 0.5): number {
  return seconds + Math.floor(random() * (Math.floor(seconds * spread) + 1));
}
