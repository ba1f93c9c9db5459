/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { api, launchBrowser, newPhoneContext, screenshot } from './support/browser';
import { MailSpool } from './support/mail';
import { addMember } from './support/members';
import { adminLogin } from './support/partners';

// Issue 43 (decision 367): the member's pass on "My vouchers" on a phone. Its QR is the code of the
// server's time step, even on a phone whose clock is 5 minutes off; it changes with the step, new codes
// are asked for before they run out, offline the page shows those it has and then asks for a connection;
// "Lost your phone?" replaces the pass. The phone's clock is Playwright's (page.clock): installed 5
// minutes fast, and moved on by whole steps.
const baseUrl = inject('baseUrl');
const mail = new MailSpool(inject('mailSpool'));
const SHOTS = new URL('../docs/screenshots/issue-43/', import.meta.url).pathname;
const STEP_MS = 30_000;
const PHONE_CLOCK_OFF_MS = 5 * 60_000;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: string;

// The till's QR reader's wasm, read from node_modules (zxing-wasm fetches it from a CDN by default).
prepareZXingModule({
  overrides: {
    wasmBinary: (() => {
      const file = readFileSync(
        createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
      );
      return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
    })(),
  },
});

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  admin = await adminLogin(baseUrl);
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  context = await newPhoneContext(browser);
  page = await context.newPage();
});
afterEach(async () => context?.close());

function newMember(language: 'en' | 'es') {
  return addMember(baseUrl, admin, { firstName: 'Lucía', lastName: 'Martín', language }, 'pass');
}

/** Signs the member in on `page` by the link the platform mails. */
async function signInByMail(email: string) {
  await api(baseUrl, '/api/member-auth/link', { method: 'POST', json: { email } });
  const found = await mail.waitForMail((m) => m.recipients.includes(email), { timeoutMs: 20_000 });
  const link = /(http:\/\/\S+\/me\/sign-in#token=[A-Za-z0-9_-]+)/.exec(found.text)?.[1];
  expect(link, found.text).toBeDefined();
  await page.goto(link!);
}

const memberToken = () =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('avpassMemberSession')!).token as string);

/** The code the pass shows, its step (data attributes), and the QR as a till's camera decodes it. */
async function shownCode() {
  const qr = page.getByTestId('member-pass-qr');
  await qr.waitFor();
  for (;;) {
    const code = (await qr.getAttribute('data-code'))!;
    const step = Number(await qr.getAttribute('data-step'));
    const picture = await qr.screenshot();
    // The step turned while it was pictured (every 30 s): the picture may hold either code, so again.
    if ((await qr.getAttribute('data-code')) !== code) continue;
    const [read] = await readBarcodes(new Uint8Array(picture), { formats: ['QRCode'] });
    return { code, step, decoded: read?.text, version: read?.version };
  }
}

/** The QR's size on screen (CSS pixels). */
const qrBox = async () => (await page.getByTestId('member-pass-qr').boundingBox())!;

/** The server's step now, by this machine's clock (the e2e server's). */
const serverStep = () => Math.floor(Date.now() / STEP_MS);

describe('the member’s pass on My vouchers', () => {
  it('shows the server step’s code on a phone 5 minutes fast, changes it with the step, refetches, survives offline, and is replaced', async () => {
    const member = await newMember('en');
    await page.clock.install({ time: new Date(Date.now() + PHONE_CLOCK_OFF_MS) });
    const passCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/me/pass')) passCalls.push(r.method());
    });
    await signInByMail(member.email);
    await page.getByRole('heading', { name: 'My pass' }).waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('member-pass-holder').innerText()).resolves.toBe('Lucía M.');
    await page
      .getByText("Show it at the till. It changes every 30 seconds, so screenshots don't work.")
      .waitFor();

    // The code of the server's step (the phone's own clock would be 10 steps ahead), read by a camera.
    const first = await shownCode();
    expect(first.step).toBeGreaterThanOrEqual(serverStep() - 1);
    expect(first.step).toBeLessThanOrEqual(serverStep());
    expect(first.code).toMatch(/^AVPM:[A-Z2-7]{149}$/);
    expect(first.decoded).toBe(first.code);
    const token = await memberToken();
    const answer = (await api(baseUrl, '/api/me/pass', { token })).body as {
      codes: { step: number; code: string }[];
      passVersion: number;
      wallet: { google: boolean; apple: boolean };
    };
    expect(answer.codes.find((c) => c.step === first.step)?.code).toBe(first.code);
    // Big enough to scan from a phone at a till, described for a screen reader.
    const box = await qrBox();
    expect(box.width).toBeGreaterThanOrEqual(240);
    await page
      .getByRole('img', { name: 'Member pass code, changes every 30 seconds' })
      .waitFor({ state: 'attached' });
    // The countdown is not a live region (it would be read out every second).
    expect(
      await page.getByTestId('member-pass-countdown').evaluate((el) => el.closest('[aria-live]') === null),
    ).toBe(true);
    await expect(page.getByTestId('member-pass-countdown').innerText()).resolves.toMatch(
      /^New code in \d+ seconds?$/,
    );
    // The wallet buttons follow what the server offers.
    await expect(page.getByTestId('member-pass-google').count()).resolves.toBe(answer.wallet.google ? 1 : 0);
    await expect(page.getByTestId('member-pass-apple').count()).resolves.toBe(answer.wallet.apple ? 1 : 0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}member-pass-390-en.png` });
    await screenshot(page, 'member-pass');

    // The next step: the next code, a camera reads it.
    await page.clock.fastForward(STEP_MS);
    // (The next, or the one after if the server's own step turned meanwhile.)
    await page.waitForFunction(
      (step) =>
        Number(document.querySelector('[data-testid=member-pass-qr]')?.getAttribute('data-step')) >= step,
      first.step + 1,
    );
    const second = await shownCode();
    expect(second.step - first.step).toBeGreaterThanOrEqual(1);
    expect(second.step - first.step).toBeLessThanOrEqual(2);
    expect(second.code).not.toBe(first.code);
    expect(second.decoded).toBe(second.code);
    expect(answer.codes.find((c) => c.step === second.step)?.code).toBe(second.code);

    // Fewer than 4 codes left (10 given): the page asks for new ones on its own.
    const callsBefore = passCalls.length;
    await page.clock.fastForward(6 * STEP_MS);
    await expect.poll(() => passCalls.length, { timeout: 10_000 }).toBeGreaterThan(callsBefore);
    // The new answer's offset: the code of the server's step again (the fake clock ran 7 steps ahead).
    await page.waitForFunction((step) => {
      const shown = Number(document.querySelector('[data-testid=member-pass-qr]')?.getAttribute('data-step'));
      return shown >= step - 1 && shown <= step + 1;
    }, serverStep());
    const refreshed = await shownCode();
    expect(Math.abs(refreshed.step - serverStep())).toBeLessThanOrEqual(1);

    // Offline: the codes in hand are still shown, step by step…
    await context.setOffline(true);
    await page.clock.fastForward(4 * STEP_MS);
    const offline = await shownCode();
    expect(offline.step - refreshed.step).toBeGreaterThanOrEqual(4);
    expect(offline.step - refreshed.step).toBeLessThanOrEqual(5);
    expect(offline.decoded).toBe(offline.code);
    // …and once they run out, no code (a stale one would be refused): connect to show the pass.
    await page.clock.fastForward(6 * STEP_MS);
    await page.getByText('Connect to the internet to show your pass').waitFor();
    await expect(page.getByTestId('member-pass-qr').count()).resolves.toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}member-pass-offline-390-en.png` });
    // Back online: asked again at once, the server's step shown.
    await context.setOffline(false);
    const back = await shownCode();
    expect(Math.abs(back.step - serverStep())).toBeLessThanOrEqual(1);

    // Lost your phone? The pass moves on: new codes, the old ones stop working.
    await page.getByRole('button', { name: 'Lost your phone? Replace your pass' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace your pass?' });
    await dialog.waitFor();
    await dialog
      .getByText('The pass on your old phone and any screenshot of it stop working', { exact: false })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}member-pass-replace-390-en.png` });
    const revokes: { key: string | null }[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/me/pass/revoke')
        revokes.push({ key: r.headers()['idempotency-key'] ?? null });
    });
    await dialog.getByRole('button', { name: 'Replace my pass' }).click();
    await page
      .getByText('Your pass was replaced. Older screenshots and the pass on your old phone no longer work.')
      .waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'hidden' });
    expect(revokes).toHaveLength(1);
    expect(revokes[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const after = (await api(baseUrl, '/api/me/pass', { token })).body as typeof answer;
    expect(after.passVersion).toBe(answer.passVersion + 1);
    const replaced = await shownCode();
    expect(after.codes.find((c) => c.step === replaced.step)?.code).toBe(replaced.code);
    expect(replaced.decoded).toBe(replaced.code);
    // The code shown before the replacement is not among the new ones, and the till refuses it now
    // (POST /api/till/pass, an administrator at the till); the new one it accepts.
    expect(after.codes.map((c) => c.code)).not.toContain(back.code);
    const scan = async (code: string) =>
      (await api(baseUrl, '/api/till/pass', { method: 'POST', token: admin, json: { code } })).body as {
        accepted: boolean;
        refusal?: string;
        holder?: { firstName: string };
      };
    await expect(scan(back.code)).resolves.toMatchObject({ accepted: false, refusal: 'revoked' });
    await expect(scan(replaced.code)).resolves.toMatchObject({
      accepted: true,
      holder: { firstName: 'Lucía' },
    });
  });

  it('speaks Spanish, on a phone and a desktop, axe-clean', async () => {
    const member = await newMember('es');
    await signInByMail(member.email);
    await page.getByRole('heading', { name: 'Mi pase' }).waitFor({ timeout: 20_000 });
    const shown = await shownCode();
    expect(shown.decoded).toBe(shown.code);
    // Back on screen (a phone taken out of a pocket): new codes and a fresh clock offset at once.
    const asked = () =>
      page.evaluate(
        () => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/me/pass')).length,
      );
    const before = await asked();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    // At least one more (a step's own refetch may fall in the same moment).
    await expect.poll(asked, { timeout: 10_000 }).toBeGreaterThan(before);
    await page
      .getByRole('img', { name: 'Código del pase de miembro; cambia cada 30 segundos' })
      .waitFor({ state: 'attached' });
    await expect(page.getByTestId('member-pass-countdown').innerText()).resolves.toMatch(
      /^Nuevo código en \d+ segundos?$/,
    );
    await page.getByText('Muéstrelo en la caja. Cambia cada 30 segundos', { exact: false }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}member-pass-390-es.png` });
    await page.getByRole('button', { name: '¿Perdió su teléfono? Reemplace su pase' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Reemplazar su pase?' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('member-pass-qr').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}member-pass-1366-es.png` });
  });

  it('in English on a desktop, axe-clean', async () => {
    const member = await newMember('en');
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInByMail(member.email);
    await page.getByRole('heading', { name: 'My pass' }).waitFor({ timeout: 20_000 });
    const shown = await shownCode();
    expect(shown.decoded).toBe(shown.code);
    expect(shown.version).toBe('6');
    expect((await qrBox()).width).toBeGreaterThanOrEqual(240);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
