import type { ServiceMigration } from './orm-config';

const NUMBERED_FILE = /^(\d{4})-([a-z0-9]+(?:-[a-z0-9]+)*)\.ts$/;

const pascal = (slug: string) =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/**
 * What is wrong with a service's migration list against the files of its folder (decision 201);
 * empty when nothing. The files are numbered `0001-what.ts`, `0002-…` with no gap, the list names them
 * in that order as `Migration0001What`, …, each class is named so, and no former name is reused.
 */
export function migrationListProblems(
  list: readonly ServiceMigration[],
  fileNames: readonly string[],
): string[] {
  const problems: string[] = [];
  const files = fileNames.filter(
    (name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.spec.ts'),
  );
  const numbered = files
    .map((name) => ({ name, match: NUMBERED_FILE.exec(name) }))
    .filter((file) => {
      if (!file.match) problems.push(`${file.name} is not named NNNN-what-it-does.ts`);
      return file.match !== null;
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  numbered.forEach((file, at) => {
    if (Number(file.match![1]) !== at + 1) problems.push(`${file.name} should be number ${at + 1}`);
  });
  const names = list.map((migration) => migration.name);
  const sorted = [...names].sort();
  if (names.join() !== sorted.join()) problems.push(`the list is not sorted by name: ${names.join(', ')}`);
  const expected = numbered.map((file) => `Migration${file.match![1]}${pascal(file.match![2]!)}`);
  if (names.join() !== expected.join())
    problems.push(`the list names ${names.join(', ')}; the files are ${expected.join(', ')}`);
  for (const migration of list) {
    if (migration.class.name !== migration.name)
      problems.push(`${migration.name} runs class ${migration.class.name}`);
  }
  const former = list.flatMap((migration) => (migration.formerName ? [migration.formerName] : []));
  for (const name of former) {
    if (names.includes(name) || former.indexOf(name) !== former.lastIndexOf(name))
      problems.push(`former name ${name} is used twice`);
  }
  return problems;
}
