import { useMatches } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Route table rows carry their tab title in `handle` (app/router.tsx). */
export interface RouteHandle {
  title?: string;
}

/** The deepest matched route's title becomes the tab's title; a route without one names itself. */
export function useRouteTitle(): void {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((t): t is string => t !== undefined)
    .at(-1);
  useDocumentTitle(title);
}
