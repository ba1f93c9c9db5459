import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The member's pages' script budget, gzip (issue 40; decisions 304, 331, 341): a member's phone opens
 * the voucher page and the member's own screens from a QR code or a mail, often over a slow network.
 * The e2e files of those pages hold the same 100 KB on the wire (brotli); this holds it on the build.
 */
const MEMBER_PAGE_BUDGET_KB = 100;

function firstLoads() {
  const report = execFileSync(process.execPath, ['bench/first-load.mjs'], { encoding: 'utf8' });
  return report
    .split('\n')
    .filter((line) => /^\w/.test(line)) // indented: the first calls and what a page carries
    .map((line) => ({
      line,
      screen: line.split(':')[0],
      kb: Number(/: ([\d.]+) KB gzip JS/.exec(line)?.[1]),
    }));
}

// Issue 40: no runtime schema library in the browser's first load. `bench/first-load.mjs` reads the
// build (index.html, the chunks' static imports, their source maps) and names, for each first screen,
// the chunks holding zod; this keeps that list empty (decision 0296). A screen module that imports a
// schema, or a constant from a module that defines schemas, brings zod back and fails here.
describe('first loads of the built app', () => {
  const loads = firstLoads();

  it('the login, both dashboards, the voucher page and the member screens load no zod before they draw', () => {
    expect(loads.map((load) => load.screen)).toEqual([
      'login',
      'admin dashboard',
      'company dashboard',
      'voucher page',
      'member screens',
    ]);
    for (const { line } of loads) expect(line).toMatch(/; zod not loaded$/);
  });

  it('the voucher page and the member screens stay within their 100 KB gzip of script', () => {
    for (const screen of ['voucher page', 'member screens']) {
      const load = loads.find((l) => l.screen === screen);
      expect(load?.kb, load?.line).toBeGreaterThan(0);
      expect(load?.kb, load?.line).toBeLessThanOrEqual(MEMBER_PAGE_BUDGET_KB);
    }
  });
});
