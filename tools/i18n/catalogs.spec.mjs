import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every catalog has every key of its English twin and no other, and every key is asked for by the code
 * (issue 42): a message nobody shows is a stale translation, one missing in Spanish shows its key.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const CATALOG_DIRS = ['frontend/src/locales', 'libs/contracts/src/i18n'];
/** Where the keys are asked for: the screens, the shared words and the gateway's first HTML. */
const CODE_DIRS = ['frontend/src', 'libs/contracts/src', 'gateway/src'];

const read = (path) => readFileSync(join(ROOT, path), 'utf8');
const catalogs = CATALOG_DIRS.flatMap((dir) =>
  readdirSync(join(ROOT, dir))
    .filter((name) => /^[\w-]+\.(en|es)\.json$/.test(name))
    .map((name) => ({ path: `${dir}/${name}`, messages: JSON.parse(read(`${dir}/${name}`)) })),
);

function sources(dir) {
  return (
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter(
        (entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name),
      )
      // The API's error codes are not keys asked for by name; those a catalog holds are shown by apiErrorText.
      .filter((entry) => entry.name !== 'message-codes.ts')
      // The audit trail's action names (`members.member.created`) are event names, not catalog keys.
      .filter((entry) => entry.name !== 'audit-actions.ts')
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
  );
}

const code = CODE_DIRS.flatMap(sources).join('\n');
/** The API's error codes (decision 356): a catalog message named by one is its translation (api-error-text.ts). */
const errorCodes = new Set(
  [...read('libs/contracts/src/message-codes.ts').matchAll(/^\s*'([\w.-]+)':/gm)].map((m) => m[1]),
);
/** The keys' first words (`voucher`, `till`, `staff`, …), read from the catalogs: a new area is checked as soon as it has a key. */
// The errors catalog's keys are the API's codes (`field.required`, `auth.sign-in`), never asked for by
// name: their first words are not areas (else `'auth.ts'` in the code would read as a key).
const AREA = `(?:${[
  ...new Set(
    catalogs
      .filter((c) => !/\/errors\.\w+\.json$/.test(c.path))
      .flatMap((c) => Object.keys(c.messages).map((key) => key.split('.')[0])),
  ),
].join('|')})`;
/** Keys written whole ('voucher.redeem.confirm') and the prefixes of keys built from a value (`voucher.status.${status}`). */
const literalKeys = new Set(
  [...code.matchAll(new RegExp(`['"\`](${AREA}\\.[\\w.]+)['"\`]`, 'g'))].map((m) => m[1]),
);
const builtPrefixes = [...code.matchAll(new RegExp(`\`(${AREA}\\.[\\w.]*\\.)\\$\\{`, 'g'))].map((m) => m[1]);
/**
 * Strings shaped like a key that are not asked of a catalog: the audit trail's action names
 * (`credits.credit.created`, libs/contracts/src/audit-actions.ts), a NATS subject (`credits.health.v1`),
 * a file name (`audit.csv`) and a prefix a name is tested with (`startsWith('credits.transaction.')`).
 * A catalog key spelled like one of them still counts as asked for where the code writes it.
 */
const AUDIT_ACTION_NAMES = new Set(
  [...read('libs/contracts/src/audit-actions.ts').matchAll(/^\s*'([\w.-]+)':/gm)].map((m) => m[1]),
);
const notAKey = (text) =>
  AUDIT_ACTION_NAMES.has(text) || text.endsWith('.') || /\.v\d+$|\.(csv|pdf|zip|json|png)$/.test(text);

describe('the catalogs', () => {
  it('are found: English and Spanish for every area', () => {
    expect(catalogs.length).toBeGreaterThanOrEqual(8);
    for (const { path } of catalogs.filter((c) => c.path.endsWith('.en.json')))
      expect(catalogs.map((c) => c.path)).toContain(path.replace('.en.json', '.es.json'));
  });

  it('hold every key of their English twin, and no other', () => {
    for (const { path, messages } of catalogs.filter((c) => c.path.endsWith('.es.json'))) {
      const english = catalogs.find((c) => c.path === path.replace('.es.json', '.en.json')).messages;
      expect(Object.keys(messages).sort(), path).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(messages)) expect(text.trim(), `${path}: ${key}`).not.toBe('');
    }
  });

  it('have no key the code does not ask for', () => {
    const unused = catalogs
      .filter((c) => c.path.endsWith('.en.json'))
      .flatMap(({ path, messages }) =>
        Object.keys(messages)
          .filter(
            (key) =>
              !literalKeys.has(key) &&
              !errorCodes.has(key) &&
              !builtPrefixes.some((prefix) => key.startsWith(prefix)),
          )
          .map((key) => `${path}: ${key}`),
      );
    expect(unused).toEqual([]);
  });

  it('hold every key the code asks for by name', () => {
    const known = new Set(catalogs.flatMap((c) => Object.keys(c.messages)));
    const missing = [...literalKeys].filter(
      (key) => !known.has(key) && !notAKey(key) && !builtPrefixes.includes(`${key}.`),
    );
    expect(missing).toEqual([]);
  });
});
