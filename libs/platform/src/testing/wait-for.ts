export interface WaitForOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Says what was awaited; the timeout error starts with it. */
  message?: string;
}

/**
 * Calls `check` until it returns a value other than false/null/undefined without throwing, and
 * returns that value. On timeout, throws with the message (and the last error thrown by `check`).
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 100, message = 'condition was not met' }: WaitForOptions = {},
): Promise<Exclude<T, false | null | undefined>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== false && value !== null && value !== undefined)
        return value as Exclude<T, false | null | undefined>;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeoutMs} ms: ${message}${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
