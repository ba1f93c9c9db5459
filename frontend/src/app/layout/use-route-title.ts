import { useMatches } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Route table rows carry their tab title in `handle` (app/router.tsx). */
export interface RouteHandle {
  title?: string;
}

/** The deepest matched route's title, from the route table (before or after its code has loaded). */
export function routeTitleOf(matches: readonly { route: { handle?: unknown } }[]): string | undefined {
  return matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
    .filter((t): t is string => t !== undefined)
    .at(-1);
}

/** The matched screen's title from the route table (what a skeleton names while the screen loads). */
export function useRouteTitleText(): string | undefined {
  return routeTitleOf(useMatches().map((match) => ({ route: { handle: match.handle } })));
}

/** The deepest matched route's title becomes the tab's title; a route without one names itself. */
export function useRouteTitle(): void {
  useDocumentTitle(useRouteTitleText());
}
