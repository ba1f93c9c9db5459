import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** The catalogs: frontend/src/locales/<area>.<language>.json and libs/contracts/src/i18n's (voucher, audit words). */
export const CATALOG_FILE = /[\\/](?:locales|i18n)[\\/][\w-]+\.(?:en|es)\.json$/;

/**
 * Compiles each catalog's ICU messages at build (decision 351), as `lingui compile` would: the browser
 * gets Lingui's compiled form and the bundle carries no message parser. The output is JSON again, so
 * the bundler's own JSON handling (one chunk per catalog, loaded on demand) is unchanged.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'avpass:compiled-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG_FILE.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
