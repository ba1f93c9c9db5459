import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/global-setup';
import { launchBrowser, newPhoneContext, screenshot, signIn } from './support/browser';

// A large ZIP's progress on the batch summary: the counts, the bar and the time left. The batch is
// real; the job's answers are played by the test (a 100,000-code job 1,000 codes further on each poll)
// so the time left is deterministic, then the job fails so nothing is downloaded.
const baseUrl = inject('baseUrl');
const TOTAL = 100_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());
afterEach(async () => context?.close());

function zipJob(id: string, state: string, done: number) {
  return {
    id,
    state,
    progress: Math.min(99, Math.floor((done / TOTAL) * 100)),
    total: TOTAL,
    done,
    format: 'png',
    variant: 'qr',
    fileName: 'qr-codes-png-20261123-020000.zip',
    error: state === 'failed' ? 'stopped by the test' : null,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    downloadUrl: `/api/jobs/${id}/file`,
    position: null,
    sheet: null,
  };
}

/** Plays a large job: queued, then 1,000 more codes per poll; `stop()` makes it fail. */
async function playLargeJob(p: Page) {
  const id = '0b6f3c1e-4d2a-4c8b-9f00-000000000001';
  let done = 0;
  let stopped = false;
  await p.route('**/api/bulk-download-zip', (route: Route) =>
    route.fulfill({ status: 202, json: { ...zipJob(id, 'queued', 0), position: 0 } }),
  );
  await p.route(`**/api/jobs/${id}`, (route: Route) => {
    if (stopped) return route.fulfill({ json: zipJob(id, 'failed', done) });
    done += 1000;
    return route.fulfill({ json: zipJob(id, 'active', done) });
  });
  return { stop: () => (stopped = true) };
}

async function generateBatch(p: Page) {
  await signIn(p, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
  await p.waitForURL(`${baseUrl}/dashboard`);
  await p.goto(`${baseUrl}/bulk`);
  await p.getByLabel('Batch Name').fill('Large ZIP progress');
  await p.getByLabel('Partner Name').fill('Harbour Physio');
  await p.getByLabel('Service / Product').fill('Assessment');
  await p.getByLabel('Quantity').fill('3');
  await p.getByRole('button', { name: 'Generate Bulk QR Codes' }).click();
  await p.getByTestId('batch-summary').waitFor();
}

describe('a large ZIP in progress', () => {
  beforeEach(() => undefined);

  for (const layout of ['desktop', 'phone'] as const) {
    it(`shows counts, the bar and the time left (${layout})`, { timeout: 90_000 }, async () => {
      context =
        layout === 'phone'
          ? await newPhoneContext(browser)
          : await browser.newContext({ viewport: { width: 1366, height: 900 } });
      page = await context.newPage();
      await generateBatch(page);
      const job = await playLargeJob(page);
      await page.getByTestId('batch-summary').getByRole('button', { name: 'PNG ZIP' }).click();
      const progress = page.getByTestId('zip-progress');
      // Before a few seconds have passed there is no estimate, only the counts.
      await progress.getByText(/^Rendering [\d,]+ of 100,000 \(\d+%\)$/).waitFor();
      // Then the time left, from the rate seen (1,000 codes a second here: about 1 h 30 min or less).
      const withEta = progress.getByText(
        /^Rendering [\d,]+ of 100,000 \(\d+%\) · about \d+ (minutes|h \d\d min) left$/,
      );
      await withEta.waitFor({ timeout: 20_000 });
      await expect(
        progress.getByRole('progressbar', { name: 'ZIP progress' }).getAttribute('aria-valuenow'),
      ).resolves.toMatch(/^\d+$/);
      await progress.scrollIntoViewIfNeeded();
      await screenshot(page, `issue17-zip-progress-eta-${layout}`);
      job.stop();
      await page.getByTestId('zip-error').waitFor({ timeout: 10_000 });
    });
  }
});
