import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodicJob } from './periodic-job';

/** A promise settled from outside, so a test holds a run open while it looks. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('PeriodicJob', () => {
  afterEach(() => vi.useRealTimers());

  it('runs once when started and then every interval, never twice at once', async () => {
    vi.useFakeTimers();
    const runs: ReturnType<typeof deferred<number>>[] = [];
    const job = new PeriodicJob('test job', { warn: vi.fn() }, () => {
      runs.push(deferred<number>());
      return runs.at(-1)!.promise;
    });
    job.start(1000);
    expect(runs).toHaveLength(1);
    // The tick while the first run is under way joins it; so does a run asked for by hand.
    await vi.advanceTimersByTimeAsync(1000);
    const joined = job.run();
    expect(runs).toHaveLength(1);
    runs[0].resolve(7);
    await expect(joined).resolves.toBe(7);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(2);
    runs[1].resolve(0);
    await job.stop();
  });

  it('logs a failed run and runs again on the next tick', async () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    let calls = 0;
    const job = new PeriodicJob('test job', { warn }, async () => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
      return calls;
    });
    job.start(1000);
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledWith('test job failed: database away');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    await job.stop();
  });

  it('stop() ends the ticks and waits for the run under way', async () => {
    vi.useFakeTimers();
    const run = deferred<number>();
    let calls = 0;
    const job = new PeriodicJob('test job', { warn: vi.fn() }, () => {
      calls += 1;
      return run.promise;
    });
    job.start(1000);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    run.reject(new Error('late failure'));
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(1);
  });
});
