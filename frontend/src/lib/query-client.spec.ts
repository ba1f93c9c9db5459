import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorFrom, isShedAnswer, retryAfterMsOf } from './api-client';
import { createQueryClient, nextPollAfter, retryWhenShed, shedRetryDelay } from './query-client';

// The page's window (this project runs in node): set before the modules above read it on import.
vi.hoisted(() => {
  const noStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  Object.assign(globalThis, {
    window: {
      addEventListener: () => undefined,
      localStorage: noStorage,
      location: { origin: 'http://localhost' },
    },
  });
});

const shed = (seconds: number) =>
  apiErrorFrom(503, JSON.stringify({ message: 'AV Pass is busy' }), seconds * 1000);

describe('a poll the server turned away (503 + Retry-After, issue 28)', () => {
  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMsOf('10')).toBe(10_000);
    expect(retryAfterMsOf(null)).toBeNull();
    expect(retryAfterMsOf(new Date(61_000).toUTCString(), 1_000)).toBe(60_000);
  });

  it('is asked again after Retry-After, a few times, and polls later; other errors are not retried', () => {
    expect(isShedAnswer(shed(7))).toBe(true);
    expect(retryWhenShed(0, shed(7))).toBe(true);
    expect(retryWhenShed(3, shed(7))).toBe(false);
    expect(shedRetryDelay(0, shed(7))).toBe(7_000);
    expect(nextPollAfter(shed(30), 10_000)).toBe(30_000);
    expect(nextPollAfter(shed(5), 10_000)).toBe(10_000);
    expect(nextPollAfter(null, 12_000)).toBe(12_000);
    const plain503 = new ApiError(503, 'down', null, {}, null);
    expect(retryWhenShed(0, plain503)).toBe(false);
    expect(retryWhenShed(0, new ApiError(500, 'x', null, {}, null, 1000))).toBe(false);
  });

  it('keeps the last data and shows no error while it waits, then shows the new answer', async () => {
    const client = createQueryClient();
    client.setQueryData(['/api/stats'], { totalQrCodes: 1 });
    let calls = 0;
    const started = Date.now();
    const refetch = client.fetchQuery({
      queryKey: ['/api/stats'],
      staleTime: 0,
      queryFn: async () => {
        calls++;
        if (calls === 1) throw shed(0.2);
        return { totalQrCodes: 2 };
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = client.getQueryState(['/api/stats']);
    expect(waiting?.data).toEqual({ totalQrCodes: 1 });
    expect(waiting?.error).toBeNull();
    expect(waiting?.status).toBe('success');
    await expect(refetch).resolves.toEqual({ totalQrCodes: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(calls).toBe(2);
  });
});
