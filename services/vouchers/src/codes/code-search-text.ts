// SQL only, no imports: tools/stats-rebuild.mjs loads the tallies' SQL (which uses this) from dist.

/** The searched fields of `x` as one lower-cased text: codeSearchText in codes/code-visibility.ts. */
export const searchTextOf = (x: string): string =>
  `(lower(${x}.clinic_name) || E'\\x1f' || lower(${x}.service) || E'\\x1f' || ` +
  `lower(coalesce(${x}.custom_title, '')) || E'\\x1f' || lower(coalesce(${x}.batch_name, '')))`;
