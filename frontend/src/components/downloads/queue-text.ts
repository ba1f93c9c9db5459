/** A queued job in a club administrator's words, with its place in line when the server knows it. */
export function queuedText(position: number | null | undefined): string {
  if (position === null || position === undefined)
    return 'Waiting in line: your ZIP starts as soon as the server is free.';
  if (position === 0) return 'Waiting in line: yours is next. It starts as soon as the server is free.';
  return `Waiting in line: ${position} ${position === 1 ? 'download is' : 'downloads are'} ahead of yours. It starts as soon as the server is free.`;
}
