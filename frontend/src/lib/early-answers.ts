/**
 * The answers public/boot.js asked for before the app's code arrived (issue 40: the dashboards' figures
 * and the current user, started with the page instead of after the app has loaded and run).
 */
interface EarlyAnswers {
  /** The session token the requests carried. */
  token: string;
  /** When they were sent (epoch ms). */
  at: number;
  answers: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __avpassEarlyAnswers?: EarlyAnswers;
  }
}

/** An answer older than this is not a first load's any more: asked again. */
const EARLY_ANSWER_MAX_AGE_MS = 30_000;

/**
 * The early answer to a GET of `url` sent with `token`, once; null when there is none (then the caller
 * asks). A request that failed to reach the server is asked again, so an early answer never adds a
 * failure that asking now would not have had.
 */
export function takeEarlyAnswer(url: string, token: string | null, ask: () => Promise<Response>) {
  const early = typeof window === 'undefined' ? undefined : window.__avpassEarlyAnswers;
  const answer = early?.answers[url];
  if (!early || !answer) return null;
  early.answers[url] = undefined;
  if (early.token !== token || Date.now() - early.at > EARLY_ANSWER_MAX_AGE_MS) return null;
  return answer.catch(ask);
}
