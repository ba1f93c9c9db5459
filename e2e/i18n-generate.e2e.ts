/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, signIn } from './support/browser';
import {
  contextIn,
  DESKTOP,
  DEVICES,
  overflowingText,
  rawKeys,
  shoot,
  speaksPseudo,
  type Viewport,
} from './support/i18n';
import { adminLogin, createPartnerWithStaff, staffLogin, type StaffUser } from './support/partners';

// Issue 42: Generate and Bulk generate (with the batch's card language, decision 359) in the
// pseudo-locale on a laptop and a phone, no text cut; in Spanish on the laptop, axe-clean, photographed
// for docs/screenshots/issue-42/; and the card a Spanish batch prints, photographed too. Each test drives
// two or three screens: on a loaded two-core box a screen's first draw took 60 s, hence the long waits.
const baseUrl = inject('baseUrl');
const tag = randomUUID().slice(0, 6);
const STAFF: StaffUser = { username: `i18n-gen-${tag}`, password: 'generate-password-1' };

let browser: Browser;
let context: BrowserContext | undefined;
let staffToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await adminLogin(baseUrl);
  await createPartnerWithStaff(baseUrl, admin, { name: `Mesa Clinic ${tag}` }, STAFF);
  staffToken = await staffLogin(baseUrl, STAFF);
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => browser?.close());

type Language = 'es' | 'pseudo';

/** Signed in with English words (the helper clicks "Sign in"), then speaking `language`. */
async function signedIn(language: Language, viewport: Viewport): Promise<Page> {
  // The user's own language wins over the cookie (decision 352): theirs is the one tried.
  const own = await api(baseUrl, '/api/auth/user/language', {
    method: 'PATCH',
    token: staffToken,
    json: { language: language === 'es' ? 'es' : 'en' },
  });
  expect(own.status).toBe(200);
  context = await contextIn(browser, baseUrl, 'en', viewport);
  const page = await context.newPage();
  await signIn(page, baseUrl, STAFF.username, STAFF.password);
  await page.waitForURL(`${baseUrl}/company-dashboard`, { timeout: 90_000 });
  await context.addCookies([{ name: 'avpass_lang', value: language, url: baseUrl }]);
  return page;
}

async function spoken(page: Page, language: Language): Promise<void> {
  if (language === 'pseudo') await expect.poll(() => speaksPseudo(page)).toBe(true);
  else await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
  expect(await rawKeys(page)).toEqual([]);
}

async function checked(page: Page, language: Language, shot: string): Promise<void> {
  await spoken(page, language);
  if (language === 'pseudo') {
    const overflowing = await overflowingText(page);
    expect(overflowing, overflowing.join('\n')).toEqual([]);
  } else {
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, shot);
  }
}

/** /generate: the empty form, then a code made and its preview (with the printed card's language). */
async function generate(page: Page, language: Language, device: string): Promise<void> {
  await page.goto(`${baseUrl}/generate`);
  const form = page.locator('form');
  await form.locator('input[name="clinic"]').waitFor({ timeout: 90_000 });
  await checked(page, language, `generate-${device}`);
  await form.locator('input[name="clinic"]').fill(`Mesa Clinic ${tag}`);
  await form.locator('input[name="service"]').fill('Sports massage');
  await form.locator('button[type="submit"]').click();
  await page.getByTestId('qr-image').waitFor({ timeout: 90_000 });
  await page.getByTestId('preview-actions').scrollIntoViewIfNeeded();
  await checked(page, language, `generate-preview-${device}`);
}

/** /bulk: the form with Spanish chosen for the cards, then the batch's summary. */
async function bulk(page: Page, language: Language, device: string): Promise<string> {
  await page.goto(`${baseUrl}/bulk`);
  const form = page.locator('form');
  await form.locator('input[name="batchName"]').waitFor({ timeout: 90_000 });
  await form.locator('input[name="batchName"]').fill(`Lote ${language} ${device} ${tag}`);
  await form.locator('input[name="quantity"]').fill('3');
  await form.locator('input[name="facility"]').fill(`Mesa Clinic ${tag}`);
  await form.locator('input[name="service"]').fill('Sports massage');
  await page.locator('#card-language').click();
  await page.getByRole('option').nth(1).click();
  await expect.poll(() => form.getByTestId('card-language').inputValue()).toBe('es');
  await page.locator('#card-language').scrollIntoViewIfNeeded();
  await checked(page, language, `bulk-${device}`);
  await form.locator('button[type="submit"]').click();
  await page.getByTestId('batch-summary').waitFor({ timeout: 90_000 });
  await page.waitForTimeout(800); // the summary's smooth scroll into view
  await checked(page, language, `bulk-summary-${device}`);
  return (await page.getByTestId('batch-id').innerText()).trim();
}

describe('Generate and Bulk generate in the pseudo-locale', () => {
  for (const [viewport, device] of DEVICES) {
    it(`generate on a ${device}: no text cut or overflowing`, { timeout: 360_000 }, async () => {
      await generate(await signedIn('pseudo', viewport), 'pseudo', device);
    });
    it(
      `bulk generate with the card language on a ${device}: no text cut or overflowing`,
      { timeout: 360_000 },
      async () => {
        await bulk(await signedIn('pseudo', viewport), 'pseudo', device);
      },
    );
  }
});

describe('Generate and Bulk generate in Spanish', () => {
  it('generate on a desktop: in Spanish, axe-clean', { timeout: 360_000 }, async () => {
    await generate(await signedIn('es', DESKTOP), 'es', 'desktop');
  });

  it(
    'bulk generate on a desktop: a Spanish batch, its summary says so, and its card prints in Spanish',
    { timeout: 360_000 },
    async () => {
      const page = await signedIn('es', DESKTOP);
      const batchId = await bulk(page, 'es', 'desktop');
      expect(await page.getByTestId('batch-card-language').innerText()).toBe('Español');
      const batch = await api(baseUrl, `/api/admin/batches/${batchId}`, { token: await adminLogin(baseUrl) });
      expect(batch.body.cardLanguage).toBe('es');
      const codeId = batch.body.qrCodes[0].id as string;

      // The card as the rendering service prints it for this batch, shown at its own size.
      const card = await fetch(`${baseUrl}/api/generate-qr-image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ qrData: { id: codeId }, format: 'png', size: 'a6' }),
      });
      expect(card.status).toBe(200);
      const png = Buffer.from(await card.arrayBuffer()).toString('base64');
      const cardPage = await context!.newPage();
      await cardPage.setViewportSize({ width: 600, height: 850 });
      await cardPage.setContent(
        `<html lang="es"><body style="margin:0"><img alt="Tarjeta del cupón" src="data:image/png;base64,${png}" style="display:block;width:600px"></body></html>`,
      );
      await cardPage.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      await shoot(cardPage, 'card-spanish-batch');
    },
  );
});
