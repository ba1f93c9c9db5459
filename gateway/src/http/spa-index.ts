import { LANGUAGES, type Language, type LightPage } from '@avpass/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the build wrote for each light page (frontend/vite.config.ts, `firstPagePreloads`). */
type FirstPagePreloads = Partial<
  Record<LightPage, { files: string[]; words: Partial<Record<Language, string[]>> }>
>;

/** index.html's dashboard outline (frontend/public/boot.js), with the whitespace before it. */
const BOOT_SCRIPT = /\s*<script src="\/boot\.js"><\/script>/;

/**
 * The built React app's index.html, read once; null when the frontend is not built. A light page goes
 * without the dashboards' boot.js: a classic script, it holds the parser for a round trip on a phone and
 * does nothing there. Its HTML also preloads the page's shell and its words in the reader's language,
 * so the phone fetches them beside React instead of after the entry has run (decision 382; a signed-in
 * user sent on from /login by the app fetched a few KB it does not use).
 */
export class SpaIndex {
  readonly html: string | null;
  /** index.html without boot.js: a light page's. */
  private readonly light: string | null = null;
  private readonly pages = new Map<string, string>();

  constructor(readonly distDir: string) {
    const file = join(distDir, 'index.html');
    this.html = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (!this.html) return;
    const light = this.html.replace(BOOT_SCRIPT, '');
    this.light = light;
    const preloadsFile = join(distDir, 'first-page-preloads.json');
    if (!existsSync(preloadsFile)) return;
    const preloads = JSON.parse(readFileSync(preloadsFile, 'utf8')) as FirstPagePreloads;
    for (const [page, { files, words }] of Object.entries(preloads)) {
      for (const language of LANGUAGES) {
        const links = [...files, ...(words[language] ?? [])]
          .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
          .join('');
        this.pages.set(
          `${page} ${language}`,
          light.replace('</head>', () => `${links}</head>`),
        );
      }
    }
  }

  /** index.html for a light page (`lightPageOf` in @avpass/contracts) in the reader's language. */
  htmlFor(page: LightPage, language: string): string | null {
    return this.pages.get(`${page} ${language}`) ?? this.light;
  }
}
