export type ListStateKind = 'loading' | 'error' | 'empty';

/** What a paged list shows instead of its rows, or null when it has rows to show. */
export function listStateOf(query: {
  isPending: boolean;
  isError: boolean;
  data: { items: readonly unknown[] } | undefined;
}): ListStateKind | null {
  if (query.isPending) return 'loading';
  if (query.isError && !query.data) return 'error';
  return (query.data?.items.length ?? 0) === 0 ? 'empty' : null;
}
