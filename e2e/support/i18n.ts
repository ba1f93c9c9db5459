/// <reference lib="dom" />
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousAxeViolations } from './axe';
import { PHONE } from './browser';

/**
 * What the language checks of issue 42 share (e2e/i18n*.e2e.ts): a browser context speaking a language,
 * text cut or overflowing its box, a catalog key shown instead of its words, and the Spanish shots.
 */
export const DESKTOP = { width: 1366, height: 768 };
export type Viewport = { width: number; height: number };
export const DEVICES = [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
] as const;

const SHOTS = new URL('../../docs/screenshots/issue-42/', import.meta.url).pathname;

/** A new context in `language` (the `avpass_lang` cookie; the browser's own languages stay English). */
export async function contextIn(
  browser: Browser,
  baseUrl: string,
  language: 'en' | 'es' | 'pseudo',
  viewport: Viewport,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    locale: 'en-US',
    ...(viewport === PHONE ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
  });
  await context.addCookies([{ name: 'avpass_lang', value: language, url: baseUrl }]);
  return context;
}

/**
 * The signed-in user is answered as speaking `language`, in this context only: an account's own language
 * wins over the remembered choice (decision 352), and the shared accounts' own settings are left alone.
 */
export async function answeredAsSpeaking(context: BrowserContext, language: 'es'): Promise<void> {
  await context.route(/\/api\/auth\/(user|login|company-login)(\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json().catch(() => null)) as Record<string, any> | null;
    if (body && typeof body === 'object') {
      if ('language' in body) body.language = language;
      if (body.user && typeof body.user === 'object') body.user.language = language;
    }
    await route.fulfill({ response, json: body });
  });
}

/** The page as the window shows it, for docs/screenshots/issue-42/ (the window's height: a light file). */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png` });
}

/** The pseudo-locale is in use: some of its accented, bracketed words are on the page. */
export function speaksPseudo(page: Page): Promise<boolean> {
  return page.evaluate(() => /\[[^\]]*[åéîöû][^\]]*~+\]/.test(document.body.innerText));
}

/**
 * Text cut or pushed out of its box: an element with text of its own whose content is wider than its
 * box (ellipsis, hidden overflow, or spilling over its neighbours), or a page wider than the window.
 */
export async function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      found.push(
        `the page is ${document.documentElement.scrollWidth}px wide in a ${window.innerWidth}px window`,
      );
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (['INPUT', 'TEXTAREA', 'SELECT', 'SCRIPT', 'STYLE', 'svg'].includes(element.tagName)) continue;
      const ownText = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      // Only the catalogs' words (the pseudo-locale's accents, brackets and padding): a partner's name or
      // the brand's tile are not translated.
      if (!/[[~åçéîñöûŵýÅÇÉÎÑÖÛ]/.test(ownText)) continue;
      if (element.clientWidth === 0 || element.getClientRects().length === 0) continue;
      // Words for a screen reader only (a clipped 1px box: frontend/src/lib/visually-hidden.ts).
      const style = getComputedStyle(element);
      if (element.clientWidth <= 1 && (style.clip !== 'auto' || style.clipPath !== 'none')) continue;
      // Pushed past the window's edge (by a neighbour that would not shrink), unless inside a box
      // that scrolls sideways (the nav bar's links, a wide table).
      const { left, right } = element.getBoundingClientRect();
      if (left < -1 || right > window.innerWidth + 1) {
        let scrolls = false;
        for (let box = element.parentElement; box && !scrolls; box = box.parentElement)
          scrolls = ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
        if (!scrolls) {
          found.push(`"${ownText.slice(0, 50)}" (${element.tagName.toLowerCase()}): outside the window`);
          continue;
        }
      }
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(
          `"${ownText.slice(0, 50)}" (${element.tagName.toLowerCase()}): ${element.scrollWidth} > ${element.clientWidth}px`,
        );
    }
    return found;
  });
}

/** Every key of every catalog (frontend/src/locales and the voucher area's in libs/contracts). */
const CATALOG_KEYS: string[] = ['../../frontend/src/locales/', '../../libs/contracts/src/i18n/'].flatMap(
  (dir) => {
    const path = new URL(dir, import.meta.url).pathname;
    return readdirSync(path)
      .filter((name) => name.endsWith('.en.json'))
      .flatMap((name) => Object.keys(JSON.parse(readFileSync(`${path}${name}`, 'utf8')) as object));
  },
);

/** A catalog key shown instead of its words (an area's catalog not loaded by the screen). */
export async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return CATALOG_KEYS.filter((key) => text.includes(key));
}

/** The pseudo-locale's checks of a drawn screen: really in use, no catalog key shown, no text cut. */
export async function expectNothingCut(page: Page): Promise<void> {
  await expect.poll(() => speaksPseudo(page)).toBe(true);
  expect(await rawKeys(page)).toEqual([]);
  // Until the page has settled (a late font, a layout mid-animation on a loaded box: CI saw a card's chip
  // overflow once and not on its retry); text that stays cut still fails, with the list.
  await expect.poll(() => overflowingText(page), { timeout: 5_000 }).toEqual([]);
}

/** A drawn screen in Spanish: `<html lang="es">`, no catalog key shown, axe-clean; photographed as `shot`. */
export async function expectSpanish(page: Page, shot: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
  expect(await rawKeys(page)).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await shoot(page, shot);
}
