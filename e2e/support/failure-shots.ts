import { basename } from 'node:path';
import { beforeEach } from 'vitest';
import { ARTIFACTS, openBrowsers } from './browser';

/**
 * When an end-to-end test fails, every page its file has open is photographed into
 * artifacts/failed/, and the page's address and what it announces (alerts, status messages, toasts,
 * open dialogs' titles) are printed beside the failure: a flake seen only in CI's log can be read there.
 */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const name = `${basename(task.file?.name ?? 'e2e', '.e2e.ts')}-${task.name}`
      .replace(/[^\w-]+/g, '-')
      .slice(0, 120);
    let n = 0;
    for (const browser of openBrowsers)
      for (const context of browser.contexts())
        for (const page of context.pages()) {
          n += 1;
          const path = `${ARTIFACTS}failed/${name}-${n}.png`;
          const said = await page
            .locator('[role="alert"], [role="status"], [role="dialog"] h2')
            .allInnerTexts()
            .catch(() => []);
          await page.screenshot({ path, timeout: 5_000 }).catch(() => undefined);
          console.log(
            `failed test's page ${n}: ${page.url()}\n  on screen: ${JSON.stringify(said.filter(Boolean)).slice(0, 600)}\n  picture: ${path}`,
          );
        }
  });
});
