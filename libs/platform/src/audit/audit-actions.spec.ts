import { AUDIT_ACTION_OPTIONS } from '@avpass/contracts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

// The screen and the CSV speak each action in words (AUDIT_ACTIONS, libs/contracts): a new action
// recorded without its phrase fails here.
describe('audit actions', () => {
  it('every action a service records is in the list', () => {
    const root = resolve(__dirname, '../../../../services');
    const recorded = new Set<string>();
    for (const service of readdirSync(root)) {
      const src = join(root, service, 'src');
      if (!statSync(join(root, service)).isDirectory()) continue;
      for (const file of sourceFiles(src)) {
        for (const match of readFileSync(file, 'utf8').matchAll(
          /'((?:identity|partners|vouchers|credits|inventory|rendering|wallet)\.[a-z-]+\.[a-z-]+)'/g,
        )) {
          recorded.add(match[1]!);
        }
      }
    }
    const listed = new Set(AUDIT_ACTION_OPTIONS.map((o) => o.action as string));
    expect([...recorded].filter((action) => !listed.has(action))).toEqual([]);
    expect(recorded.size).toBeGreaterThan(30);
  });
});
