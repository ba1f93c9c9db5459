import { useMatches } from 'react-router-dom';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Route table rows carry their tab title in `handle` (app/router.tsx): a catalog key, said in the language spoken. */
export interface RouteHandle {
  title?: MessageId;
}

/** The deepest matched route's title key, from the route table (before or after its code has loaded). */
export function routeTitleOf(matches: readonly { route: { handle?: unknown } }[]): MessageId | undefined {
  return matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
    .filter((key): key is MessageId => key !== undefined)
    .at(-1);
}

/** The matched screen's title from the route table, in the language spoken (what a skeleton names while the screen loads). */
export function useRouteTitleText(): string | undefined {
  const t = useT();
  const key = routeTitleOf(useMatches().map((match) => ({ route: { handle: match.handle } })));
  return key === undefined ? undefined : t(key);
}

/** The deepest matched route's title becomes the tab's title; a route without one names itself. */
export function useRouteTitle(): void {
  useDocumentTitle(useRouteTitleText());
}
