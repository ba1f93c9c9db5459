import { LANGUAGES } from '@avpass/contracts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from './catalog';

/** Any catalog, whatever its keys (only its messages are read). */
type AnyCatalog = Pick<Catalog<string>, 'messages'>;

/** The `.ts` files under `dir` (tests and the catalog's own file left out by `skip`). */
function sourceFiles(dir: string, skip: (path: string) => boolean): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path, skip));
    else if (/\.ts$/.test(name) && !/\.(spec|test)\.ts$/.test(name) && !skip(path)) files.push(path);
  }
  return files;
}

/**
 * What is wrong with a catalog (for its test): a key missing or empty in a language, a key of one
 * language unknown to English, and a key no source file under `sourceDir` names as a quoted string.
 * Empty when all is well.
 */
export function catalogProblems(
  catalog: AnyCatalog,
  sourceDir: string,
  catalogFile: (path: string) => boolean,
): string[] {
  const problems: string[] = [];
  const keys = Object.keys(catalog.messages.en);
  for (const language of LANGUAGES) {
    const messages = catalog.messages[language] as Record<string, string>;
    for (const key of keys) if (!messages[key]?.trim()) problems.push(`${language}: "${key}" is missing`);
    for (const key of Object.keys(messages))
      if (!keys.includes(key)) problems.push(`${language}: "${key}" is not an English key`);
  }
  const code = sourceFiles(sourceDir, catalogFile)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  for (const key of keys)
    if (!code.includes(`'${key}'`) && !code.includes(`"${key}"`) && !code.includes(`\`${key}\``))
      problems.push(`"${key}" is not used by the code`);
  return problems;
}
