/** A queued job in a club administrator's words, with its place in line when the server knows it. */
export function queuedText(position: number | null | undefined): string {
  if (position === null || position === undefined)
    return 'Waiting in line: your ZIP starts as soon as the server is free.';
  if (position === 0) return 'Waiting in line: yours is next. It starts as soon as the server is free.';
  return `Waiting in line: ${position} ${position === 1 ? 'download is' : 'downloads are'} ahead of yours. It starts as soon as the server is free.`;
}

/** Seconds left in plain words, rounded the way people say it. */
export function timeLeftText(seconds: number): string {
  if (seconds < 45) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h ${rest.toString().padStart(2, '0')} min left`;
}

/** A running job's progress line: counts, percentage and, once known, the time left. */
export function renderingText(
  done: number,
  total: number,
  progress: number,
  secondsLeft: number | null,
): string {
  if (total > 0 && done >= total)
    return `Putting the ZIP together (${total.toLocaleString('en-US')} files)...`;
  const counts = `Rendering ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (${progress}%)`;
  return secondsLeft === null ? counts : `${counts} · ${timeLeftText(secondsLeft)}`;
}

/**
 * The time left from the rate seen since the first sample that had started: null until the job has
 * run MIN_SECONDS and made progress (an early rate says little).
 */
export function estimateSecondsLeft(
  first: { at: number; done: number },
  now: { at: number; done: number },
  total: number,
  minSeconds = 3,
): number | null {
  const elapsed = (now.at - first.at) / 1000;
  const rendered = now.done - first.done;
  if (elapsed < minSeconds || rendered <= 0 || now.done >= total) return null;
  return (total - now.done) / (rendered / elapsed);
}
