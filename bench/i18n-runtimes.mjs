#!/usr/bin/env node
// node bench/i18n-runtimes.mjs [dir] — what each i18n runtime weighs on a page (decision 351): a minimal
// use of each (load one catalog, a message with a value, an ICU plural, a date, a sum of money, inside a
// React provider), bundled with rolldown (Vite's bundler) for the browser, minified, React left out (the
// page has it already), then gzipped at level 9 as the gateway serves it. `dir` holds the packages
// (default: this repository); a runtime whose packages are not there is skipped.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';

const dir = resolve(process.argv[2] ?? new URL('..', import.meta.url).pathname);
const require = createRequire(join(dir, 'package.json'));

const CATALOG = `{ greeting: 'Hello {name}', uses: '{count, plural, one {# use left} other {# uses left}}' }`;
const CASES = {
  'lingui (@lingui/core + @lingui/react, compiled catalog)': {
    packages: ['@lingui/core', '@lingui/react'],
    // What `lingui compile` (or frontend/vite-catalogs.ts) produces from CATALOG.
    code: `import { setupI18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { createElement } from 'react';
const i18n = setupI18n();
i18n.load('es', { greeting: ['Hello ', ['name']], uses: [['count', 'plural', { one: ['#', ' use left'], other: ['#', ' uses left'] }]] });
i18n.activate('es');
function Page() { const { i18n } = useLingui(); return [i18n._('greeting', { name: 'Ana' }), i18n._('uses', { count: 2 }), i18n.date(new Date(), { dateStyle: 'medium' }), i18n.number(12.5, { style: 'currency', currency: 'USD' })].join(' '); }
export const app = createElement(I18nProvider, { i18n }, createElement(Page));`,
  },
  'i18next + react-i18next (ICU plugin i18next-icu not included)': {
    packages: ['i18next', 'react-i18next'],
    code: `import i18next from 'i18next';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { createElement } from 'react';
void i18next.use(initReactI18next).init({ lng: 'es', resources: { es: { translation: { greeting: 'Hello {{name}}', uses_one: '{{count}} use left', uses_other: '{{count}} uses left' } } } });
function Page() { const { t } = useTranslation(); return [t('greeting', { name: 'Ana' }), t('uses', { count: 2 }), new Intl.DateTimeFormat('es').format(new Date()), new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(12.5)].join(' '); }
export const app = createElement(I18nextProvider, { i18n: i18next }, createElement(Page));`,
  },
  'react-intl (FormatJS, runtime ICU parser)': {
    packages: ['react-intl'],
    code: `import { IntlProvider, useIntl } from 'react-intl';
import { createElement } from 'react';
const messages = ${CATALOG};
function Page() { const intl = useIntl(); return [intl.formatMessage({ id: 'greeting' }, { name: 'Ana' }), intl.formatMessage({ id: 'uses' }, { count: 2 }), intl.formatDate(new Date(), { dateStyle: 'medium' }), intl.formatNumber(12.5, { style: 'currency', currency: 'USD' })].join(' '); }
export const app = createElement(IntlProvider, { locale: 'es', messages }, createElement(Page));`,
  },
};

const work = mkdtempSync(join(tmpdir(), 'i18n-runtimes-'));
for (const [name, { packages, code }] of Object.entries(CASES)) {
  const missing = packages.filter((p) => {
    try {
      require.resolve(`${p}/package.json`);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length) {
    console.log(`${name}: skipped (${missing.join(', ')} not installed in ${dir})`);
    continue;
  }
  const versions = packages.map((p) => `${p}@${require(`${p}/package.json`).version}`).join(', ');
  const entry = join(work, `${name.replace(/\W+/g, '-')}.js`);
  writeFileSync(entry, code);
  const bundle = await rolldown({
    input: entry,
    cwd: dir,
    platform: 'browser',
    logLevel: 'silent',
    external: [/^react(-dom)?(\/|$)/, 'scheduler'],
    resolve: { modules: [join(dir, 'node_modules')] },
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
  });
  const { output } = await bundle.generate({ format: 'esm', minify: true });
  const js = output.map((chunk) => chunk.code ?? '').join('\n');
  console.log(
    `${name}: ${(js.length / 1024).toFixed(1)} KB minified, ${(gzipSync(js, { level: 9 }).length / 1024).toFixed(1)} KB gzip (${versions})`,
  );
}
