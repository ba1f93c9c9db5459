import sharp from 'sharp';

/**
 * How much CPU one rendering process uses at once. Encoding PNGs (sharp/libvips) runs on threads
 * beside the event loop; left alone, libvips starts a thread per core and the libuv pool runs four
 * encodes at a time, so one process takes every core and a second process adds nothing. With
 * RENDER_THREADS = 1 (the default) each process renders on about one core, and throughput scales
 * with the number of worker processes (or pods) instead — the unit the operator scales.
 */
let slots = 1;
let busy = 0;
const waiting: (() => void)[] = [];

export function configureRenderThreads(threads: number): void {
  slots = Math.max(1, threads);
  sharp.concurrency(slots);
}

/** Runs `encode` (a sharp pipeline) when one of the process's RENDER_THREADS slots is free. */
export async function inRenderSlot<T>(encode: () => Promise<T>): Promise<T> {
  while (busy >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
  busy++;
  try {
    return await encode();
  } finally {
    busy--;
    waiting.shift()?.();
  }
}
