/** Polls until the condition holds, or fails with the message. */
export async function waitFor(
  condition: () => Promise<boolean> | boolean,
  { timeoutMs = 10_000, intervalMs = 100, message = 'condition not met' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms: ${message}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
