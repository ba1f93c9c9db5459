import { LANGUAGES, type Language } from '@avpass/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The pages main.tsx starts without the app's router: each loads its own shell and words (issue 40). */
export type LightPage = 'login' | 'voucher' | 'member';

/** What the build wrote for each light page (frontend/vite.config.ts, `firstPagePreloads`). */
type FirstPagePreloads = Record<LightPage, { files: string[]; words: Partial<Record<Language, string[]>> }>;

/** The light page an app address opens, or null (the app with its router). Mirrors frontend/src/main.tsx. */
export function lightPageOf(path: string): LightPage | null {
  if (/^\/login\/?$/.test(path)) return 'login';
  if (/^\/me(\/sign-in)?\/?$/.test(path)) return 'member';
  if (/^\/voucher\/[^/]+\/?$/.test(path)) return 'voucher';
  return null;
}

/**
 * The built React app's index.html, read once; null when the frontend is not built. A light page's
 * HTML also preloads that page's shell and its words in the reader's language, so the phone fetches
 * them beside React instead of after the entry has run (issue 40: a round trip on a slow network).
 * A signed-in user sent on from /login by the app fetched a few KB it does not use.
 */
export class SpaIndex {
  readonly html: string | null;
  private readonly pages = new Map<string, string>();

  constructor(readonly distDir: string) {
    const file = join(distDir, 'index.html');
    this.html = existsSync(file) ? readFileSync(file, 'utf8') : null;
    const preloadsFile = join(distDir, 'first-page-preloads.json');
    if (!this.html || !existsSync(preloadsFile)) return;
    const preloads = JSON.parse(readFileSync(preloadsFile, 'utf8')) as FirstPagePreloads;
    for (const [page, { files, words }] of Object.entries(preloads)) {
      for (const language of LANGUAGES) {
        const links = [...files, ...(words[language] ?? [])]
          .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
          .join('');
        this.pages.set(
          `${page} ${language}`,
          this.html.replace('</head>', () => `${links}</head>`),
        );
      }
    }
  }

  /** index.html for a light page in the reader's language: with its preloads when the build listed them. */
  htmlFor(page: LightPage | null, language: string): string | null {
    return (page && this.pages.get(`${page} ${language}`)) ?? this.html;
  }
}
