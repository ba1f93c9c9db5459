import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Issue 40: no runtime schema library in the browser's first load. `bench/first-load.mjs` reads the
// build (index.html, the chunks' static imports, their source maps) and names, for each first screen,
// the chunks holding zod; this keeps that list empty (decision 0296). A screen module that imports a
// schema, or a constant from a module that defines schemas, brings zod back and fails here.
describe('first loads of the built app', () => {
  it('the login, both dashboards and the voucher page load no zod before they draw', () => {
    const report = execFileSync(process.execPath, ['bench/first-load.mjs'], { encoding: 'utf8' });
    const lines = report.split('\n').filter((line) => /^\w/.test(line)); // indented: the first calls
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'login',
      'admin dashboard',
      'company dashboard',
      'voucher page',
    ]);
    for (const line of lines) expect(line).toMatch(/; zod not loaded$/);
  });
});
