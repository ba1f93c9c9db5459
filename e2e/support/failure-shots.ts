import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, type TestContext } from 'vitest';
import { ARTIFACTS, beforeContextClose, openBrowsers } from './browser';

/**
 * When an end-to-end test fails, every page its file has open is photographed into
 * artifacts/failed/, and the page's address and what it announces (alerts, status messages, toasts,
 * open dialogs' titles) are printed beside the failure: a flake seen only in CI's log can be read there.
 * Pages are read when vitest reports the failure, and before then from a context a file's afterEach
 * closes (it would be gone by the report).
 */
let current: TestContext['task'] | undefined;
let seen = new WeakSet<Page>();
let count = 0;

async function photograph(pages: Page[]): Promise<void> {
  if (!current) return;
  const name = `${basename(current.file?.name ?? 'e2e', '.e2e.ts')}-${current.name}`
    .replace(/[^\w-]+/g, '-')
    .slice(0, 120);
  for (const page of pages) {
    if (seen.has(page) || page.isClosed()) continue;
    seen.add(page);
    count += 1;
    const path = `${ARTIFACTS}failed/${name}-${count}.png`;
    const said = await page
      .locator('[role="alert"], [role="status"], [role="dialog"] h2')
      .allInnerTexts()
      .catch(() => []);
    await page.screenshot({ path, timeout: 5_000 }).catch(() => undefined);
    console.log(
      `failed test's page ${count}: ${page.url()}\n  on screen: ${JSON.stringify(said.filter(Boolean)).slice(0, 600)}\n  picture: ${path}`,
    );
  }
}

beforeContextClose.push(async (context) => {
  if (current?.result?.state === 'fail') await photograph(context.pages());
});

beforeEach(({ task, onTestFailed }) => {
  current = task;
  (globalThis as { __e2eTest?: string }).__e2eTest = `${basename(task.file?.name ?? '')} > ${task.name}`;
  seen = new WeakSet();
  count = 0;
  onTestFailed(async () => {
    const pages = [...openBrowsers].flatMap((browser) => browser.contexts().flatMap((c) => c.pages()));
    await photograph(pages);
  });
});
