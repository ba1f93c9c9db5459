import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@avpass/contracts';

/**
 * The language an `Accept-Language` header asks for, of those AV Pass speaks: the highest-weighted
 * range whose primary tag is `en` or `es` (`es-MX;q=0.9` is Spanish), ties in the header's order; `*`
 * or nothing we speak is English. A malformed header is English, never an error.
 */
export function negotiate(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  let best: { language: Language; q: number } | null = null;
  for (const part of acceptLanguage.slice(0, 1000).split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}
