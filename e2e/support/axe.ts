/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core's own bundle, evaluated in the page through the DevTools protocol (the page's CSP allows
// only its own scripts, and a script tag would be refused).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** Each element: its selector, its markup (cut) and axe's explanation. */
  targets: string[];
}

/**
 * The serious and critical axe-core violations on the page as it is now (habit 17: a screen has
 * none, on desktop and on a phone). Each names its rule and the elements, so a failure says what to fix.
 *
 * A violation must be there twice: once axe has found any, the page settles again and axe runs again,
 * and only the elements found both times are reported. A screen whose data arrives while axe reads it
 * (a button enabled half-way through: its background still the disabled grey, its text already white,
 * 1.32:1 once in CI) is measured between two states no user sees; a real violation is in both runs.
 */
export async function seriousAxeViolations(
  page: Page,
  /** Rules to switch on or off beyond axe's defaults (its experimental ones are off by default). */
  rules: Record<string, { enabled: boolean }> = {},
): Promise<AxeViolation[]> {
  const first = await axeRun(page, rules);
  if (first.length === 0) return [];
  await page.waitForTimeout(500);
  const second = await axeRun(page, rules);
  const before = new Set(first.flatMap((v) => v.targets.map((target) => `${v.id} ${selectorOf(target)}`)));
  return second
    .map((v) => ({
      ...v,
      targets: v.targets.filter((target) => before.has(`${v.id} ${selectorOf(target)}`)),
    }))
    .filter((v) => v.targets.length > 0);
}

/** The selector part of a target line (its markup and explanation can differ between runs). */
const selectorOf = (target: string) => target.split(' — ')[0];

async function axeRun(page: Page, rules: Record<string, { enabled: boolean }>): Promise<AxeViolation[]> {
  // Checked as the page ends up: a chip that has just changed colour or a toast still fading in would be
  // measured half-way (a 'Paid' chip at 2.14:1 once). Finite CSS transitions and animations finish first
  // (spinners' infinite ones are not waited for), for at most 5 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]),
  );
  // Once per document: evaluating axe's 550 KB costs more than a run of it (a dialog's check, or a screen
  // reached in the app, finds it already there).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (rules) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: string[]; html: string; failureSummary?: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], rules });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map(
        (n) => `${n.target.join(' ')} — ${n.html.slice(0, 160)} — ${(n.failureSummary ?? '').slice(0, 240)}`,
      ),
    }));
  }, rules);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
