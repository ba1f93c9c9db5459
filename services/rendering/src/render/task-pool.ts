/**
 * Runs `task` over `items` with at most `concurrency` in flight, and hands each result to `sink` as
 * it completes (awaiting the sink, so a slow consumer slows the producers: memory stays bounded).
 */
export async function runPool<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
  sink: (result: R, item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    try {
      while (next < items.length && !failed) {
        signal?.throwIfAborted();
        const item = items[next++]!;
        await sink(await task(item), item);
      }
    } catch (error) {
      failed = true; // the other lanes stop taking items
      throw error;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
}
