import { describe, expect, it } from 'vitest';
import { DomainError } from '@avpass/platform';
import type { GatewayConfig } from '../config';
import { LoadShedder, spreadRetryAfter } from './load-shedding';

describe('a refused poll’s Retry-After', () => {
  it('is the configured seconds to half as much again, whole seconds', () => {
    expect(spreadRetryAfter(30, () => 0)).toBe(30);
    expect(spreadRetryAfter(30, () => 0.5)).toBe(38);
    expect(spreadRetryAfter(30, () => 0.999)).toBe(45);
    expect(spreadRetryAfter(7, () => 0.999)).toBe(10);
    expect(spreadRetryAfter(1, () => 0.999)).toBe(1);
  });

  it('spreads the screens refused together over the window', () => {
    const seen = new Set(Array.from({ length: 400 }, () => spreadRetryAfter(30)));
    expect(Math.min(...seen)).toBe(30);
    expect(Math.max(...seen)).toBe(45);
    expect(seen.size).toBeGreaterThan(10);
  });
});

describe('who gives way past the limits (decision 376)', () => {
  const shedderWith = (polls: number) =>
    new LoadShedder({
      SHED_MAX_POLLS_IN_FLIGHT: polls,
      SHED_EVENT_LOOP_DELAY_MS: 10_000,
      SHED_RETRY_AFTER_SECONDS: 30,
    } as GatewayConfig);
  /** Holds `n` polls in flight until the returned release is called. */
  const hold = (shedder: LoadShedder, n: number) => {
    const releases: (() => void)[] = [];
    for (let i = 0; i < n; i++)
      void shedder.track(() => new Promise<void>((resolve) => releases.push(resolve)));
    return () => releases.forEach((release) => release());
  };
  const refusal = (admit: () => void): DomainError | null => {
    try {
      admit();
      return null;
    } catch (error) {
      return error as DomainError;
    }
  };

  it('a revalidating poll at the limit; a first load only at twice it, asked back in 5–15 s', () => {
    const shedder = shedderWith(4);
    const release = hold(shedder, 4);
    expect(refusal(() => shedder.admitPoll())?.code).toBe('SERVICE_UNAVAILABLE');
    expect(refusal(() => shedder.admitFirstLoad())).toBeNull();
    const more = hold(shedder, 4);
    const firstLoad = refusal(() => shedder.admitFirstLoad());
    expect(firstLoad?.code).toBe('SERVICE_UNAVAILABLE');
    expect(firstLoad?.retryAfter).toBeGreaterThanOrEqual(5);
    expect(firstLoad?.retryAfter).toBeLessThanOrEqual(15);
    expect(shedder.shed).toBe(2);
    release();
    more();
    shedder.onApplicationShutdown();
  });

  it('a limit of 0 refuses every revalidating poll, and a first load only while another is in flight', () => {
    const shedder = shedderWith(0);
    expect(refusal(() => shedder.admitPoll())?.code).toBe('SERVICE_UNAVAILABLE');
    expect(refusal(() => shedder.admitFirstLoad())).toBeNull();
    const release = hold(shedder, 1);
    expect(refusal(() => shedder.admitFirstLoad())?.code).toBe('SERVICE_UNAVAILABLE');
    release();
    shedder.onApplicationShutdown();
  });

  it('spreads a first load’s Retry-After to three times its shortest', () => {
    expect(spreadRetryAfter(5, () => 0, 2)).toBe(5);
    expect(spreadRetryAfter(5, () => 0.999, 2)).toBe(15);
  });
});
