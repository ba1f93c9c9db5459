import { DEFAULT_LANGUAGE, firstSpoken, isLanguage, LANGUAGE_COOKIE, type Language } from './languages';

// The gateway's side of decision 352 (a module of its own: the browser's first load does not carry it).

/** An Accept-Language header's tags, by their q weights (q=0 refused), most preferred first. */
export function acceptedTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** A Cookie header's value of `name`, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The gateway's choice for a request: the remembered choice (cookie), then Accept-Language, then English. */
export function requestLanguage(
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const remembered = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  if (isLanguage(remembered)) return remembered;
  return firstSpoken(acceptedTags(acceptLanguage)) ?? DEFAULT_LANGUAGE;
}
