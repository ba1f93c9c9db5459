/** "Showing 40 of 132 partners" under the grid while more can be shown (issue 44). */
export function showingCount(shown: number, total: number): string {
  const all = Math.max(total, shown);
  return `Showing ${shown.toLocaleString('en-US')} of ${all.toLocaleString('en-US')} partner${all === 1 ? '' : 's'}`;
}

/** "12 partners matching "bike"": the whole count when the server gave it, else what is loaded and "+". */
export function matchingCount(
  loaded: number,
  hasMore: boolean,
  total: number | undefined,
  term: string,
): string {
  const count = Math.max(total ?? loaded, loaded);
  const more = total === undefined && hasMore ? '+' : '';
  return `${count.toLocaleString('en-US')}${more} partner${count === 1 ? '' : 's'} matching "${term}"`;
}
