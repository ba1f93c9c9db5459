/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations, type AxeViolation } from './support/axe';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, navigateInApp, PHONE, signIn } from './support/browser';
import { adminLogin, createPartnerWithStaff } from './support/partners';

// Issue 27, WCAG 2.2 AA: every screen of spec §2, for the administrator, a partner's staff member
// (company_admin) and the public, at 1366 × 768 and on a 390 × 844 phone, has no serious or critical
// axe-core violation, with one dialog open where a screen has a cheap one. Each run prints a table of
// counts per screen, so a regression says where it is.
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 768 };
const run = Date.now().toString(36);
const COMPANY = `A11y Harbour Physio ${run}`;
const staff = { username: `a11y-staff-${run}`, password: 'a11y-staff-password' };
export const SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(SCREENSHOTS, { recursive: true });

let browser: Browser;
let adminToken: string;
let voucherId = '';

type Viewport = 'desktop' | 'phone';
interface Screen {
  /** The route, as the user types it. */
  path: string;
  /** What the table calls it, where one route shows several views (a tab clicked open). */
  label?: string;
  /** Text or a role that shows the screen has loaded (its data, not only its frame). */
  ready: (page: Page) => Promise<unknown>;
  /** Opens one dialog (and leaves it open); absent where the screen has none worth the time. */
  dialog?: (page: Page) => Promise<unknown>;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name }).first().waitFor({ timeout: 20_000 });
const text = (value: string | RegExp) => (page: Page) =>
  page.getByText(value).first().waitFor({ timeout: 20_000 });
const tab = (name: string | RegExp) => (page: Page) =>
  page.getByRole('tab', { name, selected: true }).waitFor({ timeout: 20_000 });
const openButton = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('button', { name }).first().click();
  await page.getByRole('dialog').first().waitFor({ timeout: 10_000 });
};

const PUBLIC_SCREENS: Screen[] = [
  { path: '/', ready: heading(/Premium Access|AV Pass/i) },
  { path: '/login', ready: heading('Login') },
  { path: '/voucher/{voucher}', ready: text(/Redeem Voucher/) },
  { path: '/voucher/00000000-0000-4000-8000-000000000000', ready: text('Voucher Not Found') },
];

const ADMIN_SCREENS: Screen[] = [
  {
    path: '/dashboard',
    // The codes' page loaded, not only the frame: "Assign to partner" is enabled once they have a count.
    ready: (page) => page.locator('[data-testid="assign-to-partner"]:enabled').waitFor({ timeout: 20_000 }),
    dialog: openButton(/^Assign|^Manage/),
  },
  { path: '/dashboard?tab=trainer', ready: tab(/Trainer/) },
  { path: '/dashboard?tab=analytics', ready: tab(/Analytics/) },
  { path: '/dashboard?tab=redemptions', ready: tab(/Redemptions/) },
  { path: '/dashboard?tab=batches', ready: tab(/Batches/) },
  { path: '/generate', ready: text('Generate QR Code') },
  { path: '/bulk', ready: text('Generate Bulk QR Codes') },
  { path: '/admin', ready: text('Refresh Stats') },
  { path: '/trainer-analytics', ready: heading(/Analytics/) },
  { path: '/partner-credits', ready: heading(/Credits/i) },
  { path: '/admin-inventory', ready: heading(/Inventory/) },
  { path: '/partners', ready: text(COMPANY), dialog: openButton('Create Partner') },
  { path: '/settings', ready: heading(/Settings|Profile/) },
  { path: '/trainer-qr', ready: heading(/Trainer/) },
  {
    path: '/project-rooted-exclusives',
    ready: heading(/Exclusives/),
    dialog: openButton('Create Exclusive'),
  },
  { path: '/admin-credits', ready: heading(/Credits/), dialog: openButton('New Credit Allocation') },
  { path: '/till', ready: text(/Type the code|Scan/i) },
  { path: '/audit', ready: heading(/Audit|Activity/) },
  { path: '/members', ready: heading('Members'), dialog: openButton('New member') },
  { path: '/no-such-page', ready: text('Page Not Found') },
];

const COMPANY_SCREENS: Screen[] = [
  { path: '/company-dashboard', ready: text(COMPANY) },
  { path: '/company-admin', ready: text(/Admin Panel/) },
  {
    path: '/company-admin',
    label: '/company-admin · Usage History',
    ready: async (page) => {
      await page.getByRole('tab', { name: /Usage History/ }).click();
      await tab(/Usage History/)(page);
      await text('Redeemed')(page);
    },
  },
  { path: '/generate', ready: text('Generate QR Code') },
  { path: '/bulk', ready: text('Generate Bulk QR Codes') },
  { path: '/trainer-analytics', ready: heading(/Analytics/) },
  { path: '/partner-credits', ready: heading(/Credits/i) },
  { path: '/partner-inventory', ready: heading(/Inventory/) },
  { path: '/till', ready: text(/Type the code|Scan/i) },
  { path: '/no-such-page', ready: text('Page Not Found') },
];

/** One line of the printed table. */
interface Row {
  who: string;
  viewport: Viewport;
  screen: string;
  count: number;
  violations: AxeViolation[];
}
const rows: Row[] = [];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Transitions (fades, the drawer) finish before axe reads colours.
  await page.waitForTimeout(350);
}

/**
 * WCAG 2.5.3 (label in name) is an experimental axe rule, off by default: switched on here, since the
 * header's brand link is on every signed-in screen.
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

/**
 * Tabs and their panel paired both ways (WAI-ARIA tabs pattern): the selected tab names a panel
 * that exists (aria-controls) and that panel names the tab back (aria-labelledby); any other tab's
 * aria-controls, if set, names a panel of its own tablist's kind. axe only sees a missing id.
 */
async function tabPairing(page: Page): Promise<AxeViolation[]> {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    for (const tab of Array.from(document.querySelectorAll('[role="tab"]'))) {
      if (tab.getAttribute('aria-selected') !== 'true') continue;
      const label = `${tab.id || '(no id)'} "${(tab.textContent ?? '').trim()}"`;
      const panelId = tab.getAttribute('aria-controls');
      const panel = panelId ? document.getElementById(panelId) : null;
      if (!tab.id) out.push(`${label}: the selected tab has no id for its panel to name`);
      if (!panel) out.push(`${label}: aria-controls="${panelId ?? ''}" names no element`);
      else if (panel.getAttribute('role') !== 'tabpanel') out.push(`${label}: #${panelId} is not a tabpanel`);
      else if (panel.getAttribute('aria-labelledby') !== tab.id)
        out.push(`${label}: #${panelId} is labelled by "${panel.getAttribute('aria-labelledby') ?? ''}"`);
    }
    for (const panel of Array.from(document.querySelectorAll('[role="tabpanel"]'))) {
      const tabId = panel.getAttribute('aria-labelledby');
      const tab = tabId ? document.getElementById(tabId) : null;
      if (tab?.getAttribute('role') !== 'tab')
        out.push(`tabpanel #${panel.id || '(no id)'}: aria-labelledby="${tabId ?? ''}" names no tab`);
    }
    return out;
  });
  return problems.length
    ? [
        {
          id: 'tab-panel-pairing',
          impact: 'critical',
          help: 'Tabs and panels name each other',
          targets: problems,
        },
      ]
    : [];
}

async function check(page: Page, who: string, viewport: Viewport, screen: string) {
  await settle(page);
  const violations = [...(await seriousAxeViolations(page, EXTRA_RULES)), ...(await tabPairing(page))];
  const count = violations.reduce((sum, v) => sum + v.targets.length, 0);
  rows.push({ who, viewport, screen, count, violations });
}

/**
 * Each screen in turn. The public ones are each loaded afresh (a member opens a link); a signed-in user's
 * are reached inside the app after the first, as its navigation does: the same screens, without loading
 * the app and axe again for each (the administrator's 20 screens took 102 s, a third of it loading).
 */
async function visitAll(page: Page, who: string, viewport: Viewport, screens: Screen[]) {
  for (const [i, screen] of screens.entries()) {
    const path = screen.path.replace('{voucher}', voucherId);
    if (who === 'public' || i === 0) await page.goto(`${baseUrl}${path}`);
    else await navigateInApp(page, path);
    await screen.ready(page);
    const name = screen.label ?? path;
    await check(page, who, viewport, name);
    if (screen.dialog) {
      await screen.dialog(page);
      await check(page, who, viewport, `${name} (dialog)`);
      await page.keyboard.press('Escape');
    }
  }
}

async function newContext(viewport: Viewport): Promise<BrowserContext> {
  const context =
    viewport === 'desktop'
      ? await browser.newContext({ viewport: DESKTOP })
      : await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  // A screen that throws says so here, not only as a timeout waiting for its content.
  context.on('weberror', (error) => console.error(`page error: ${error.error().message}`));
  return context;
}

function printTable(title: string, subset: Row[]) {
  const lines = subset.map(
    (r) =>
      `${r.who.padEnd(14)} ${r.viewport.padEnd(8)} ${r.screen.padEnd(52)} ${String(r.count).padStart(3)}  ${r.violations
        .map((v) => `${v.id}×${v.targets.length}`)
        .join(' ')}`,
  );
  console.log(`\n${title}\n${lines.join('\n')}`);
}

function failures(subset: Row[]): string[] {
  return subset
    .filter((r) => r.count > 0)
    .flatMap((r) =>
      r.violations.map(
        (v) => `${r.who} ${r.viewport} ${r.screen}: ${v.id} (${v.impact}) ${v.targets.join(' | ')}`,
      ),
    );
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await adminLogin(baseUrl);
  const partnerId = await createPartnerWithStaff(baseUrl, adminToken, { name: COMPANY }, staff);
  const expirationDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const code = await api(baseUrl, '/api/generate-qr', {
    method: 'POST',
    token: adminToken,
    json: {
      partnerId,
      discountType: 'percentage',
      discountValue: 20,
      service: 'Sports massage',
      expirationDate,
      usageLimit: '5',
      customTitle: `Spring massage ${run}`,
    },
  });
  expect(code.status, JSON.stringify(code.body)).toBe(201);
  voucherId = code.body.id;
  // A redemption (the usage history, the redemptions tab), a batch and a trainer code, so the tables
  // and their status chips are on screen.
  expect((await api(baseUrl, `/api/redeem/${voucherId}`, { method: 'POST' })).status).toBe(200);
  const batch = await api(baseUrl, '/api/bulk-generate', {
    method: 'POST',
    token: adminToken,
    json: {
      batchName: `A11y flyers ${run}`,
      facility: COMPANY,
      quantity: 2,
      service: 'Day pass',
      discountValue: 10,
      expirationDate,
    },
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  const trainer = await api(baseUrl, '/api/generate-trainer-qr', {
    method: 'POST',
    token: adminToken,
    json: {
      trainerName: 'Riley Access',
      couponTitle: 'Free session',
      discountValue: 20,
      partnerId,
    },
  });
  expect(trainer.status, JSON.stringify(trainer.body)).toBe(201);
  const credit = await api(baseUrl, '/api/athlete-credits', {
    method: 'POST',
    token: adminToken,
    json: {
      athleteName: 'Sam Ortega',
      athleteRole: 'athlete',
      totalAmount: 12_000,
      duration: 12,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
    },
  });
  expect(credit.status, JSON.stringify(credit.body)).toBe(201);
});
afterAll(async () => {
  printTable('axe: serious + critical violations (nodes) per screen', rows);
  await browser?.close();
});

describe('WCAG 2.2 AA: no serious or critical axe violation on any screen (issue 27)', () => {
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`public screens, ${viewport}`, async () => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      await visitAll(page, 'public', viewport, PUBLIC_SCREENS);
      await context.close();
      const mine = rows.filter((r) => r.who === 'public' && r.viewport === viewport);
      expect(failures(mine)).toEqual([]);
    }, 180_000);

    it(`the administrator's screens, ${viewport}`, async () => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
      await page.waitForURL(`${baseUrl}/dashboard`);
      await visitAll(page, 'super_admin', viewport, ADMIN_SCREENS);
      await context.close();
      const mine = rows.filter((r) => r.who === 'super_admin' && r.viewport === viewport);
      expect(failures(mine)).toEqual([]);
    }, 400_000);

    it(`a partner's screens (company_admin), ${viewport}`, async () => {
      const context = await newContext(viewport);
      const page = await context.newPage();
      await signIn(page, baseUrl, staff.username, staff.password);
      await page.waitForURL(`${baseUrl}/company-dashboard`);
      await visitAll(page, 'company_admin', viewport, COMPANY_SCREENS);
      await context.close();
      const mine = rows.filter((r) => r.who === 'company_admin' && r.viewport === viewport);
      expect(failures(mine)).toEqual([]);
    }, 300_000);
  }
});

// ---------------------------------------------------------------------------------------------------
// The keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7, 1.4.11): Tab and Enter through login, the voucher
// page, the till and a dialog. Each stop shows a focus ring of at least 3:1 against what is around it,
// the stops go down the page in reading order, Escape closes the dialog and focus goes back to the
// button that opened it.

interface Stop {
  name: string;
  /** Top of the element in the document (px), for the reading order. */
  top: number;
  /** How the focus shows, with its contrast against the surface behind, or why it does not. */
  ring: string;
  visible: boolean;
  inDialog: boolean;
}

/** What has the focus now, and whether its focus indicator can be seen. */
function focusedStop(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { name: '(body)', top: 0, ring: 'nothing focused', visible: false, inDialog: false };
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) =>
      [r, g, b]
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const contrast = (a: number[], b: number[]) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    /** The first opaque colour behind `node` (a gradient counts as its own surface: skipped). */
    const surface = (node: Element | null): number[] | null => {
      for (let n = node; n; n = n.parentElement) {
        const style = getComputedStyle(n);
        if (style.backgroundImage !== 'none') return null;
        const c = rgb(style.backgroundColor);
        if (c.length >= 3 && (c.length === 3 || c[3] > 0.9)) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const name = (
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      el.tagName
    )
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 50);
    const top = el.getBoundingClientRect().top + window.scrollY;
    const inDialog = Boolean(el.closest('[role="dialog"]'));
    const style = getComputedStyle(el);
    let ring = 'no outline and no focused field border';
    let visible = false;
    const judge = (what: string, colour: string, behind: Element | null) => {
      const back = surface(behind);
      const ratio = back ? contrast(rgb(colour), back) : null;
      ring = `${what} ${colour}${ratio ? ` ${ratio.toFixed(2)}:1` : ' (on a gradient)'}`;
      visible = ratio === null || ratio >= 3;
    };
    const field = el.closest('.MuiOutlinedInput-root.Mui-focused');
    const border = field?.querySelector('.MuiOutlinedInput-notchedOutline');
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) {
      // An inset ring (negative offset) lies on the element itself; otherwise on what is around it.
      judge(
        `outline ${style.outlineWidth}`,
        style.outlineColor,
        parseFloat(style.outlineOffset) < 0 ? el : el.parentElement,
      );
    } else if (border && parseFloat(getComputedStyle(border).borderTopWidth) >= 2) {
      judge(
        `field border ${getComputedStyle(border).borderTopWidth}`,
        getComputedStyle(border).borderTopColor,
        field!.parentElement,
      );
    }
    return { name, top, ring, visible, inDialog };
  });
}

/** Presses Tab until `until` is true of the focused stop (at most `max` times); returns every stop. */
async function tabUntil(page: Page, until: (stop: Stop) => boolean, max = 40): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusedStop(page);
    stops.push(stop);
    if (until(stop)) return stops;
  }
  throw new Error(`Tab never reached it; stops: ${stops.map((s) => s.name).join(' → ')}`);
}

function expectVisibleAndInOrder(stops: Stop[], where: string) {
  const hidden = stops.filter((s) => !s.visible).map((s) => `${s.name}: ${s.ring}`);
  expect(hidden, `${where}: focus not visible`).toEqual([]);
  // Reading order: never back up the page by more than a line (a row's neighbours share a line).
  const backwards = stops
    .slice(1)
    .filter((s, i) => s.top < stops[i].top - 24)
    .map((s) => s.name);
  expect(backwards, `${where}: focus order jumps back up`).toEqual([]);
}

describe('the keyboard alone (issue 27)', () => {
  it('signs in with Tab and Enter, every stop with a visible focus ring, in reading order', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.locator('input[name="username"]').waitFor();
    // The username field has the focus on arrival (autofocus).
    const first = await focusedStop(page);
    expect(first.name).toMatch(/Username or Email/);
    await page.keyboard.type(E2E_ADMIN.username);
    const stops = [first];
    stops.push(...(await tabUntil(page, (s) => /Password/.test(s.name), 3)));
    await page.keyboard.type(E2E_ADMIN.password);
    stops.push(...(await tabUntil(page, (s) => s.name === 'Sign in', 4)));
    console.log(`login: ${stops.map((s) => `${s.name} [${s.ring}]`).join(' → ')}`);
    expectVisibleAndInOrder(stops, 'login');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/dashboard`);
    await context.close();
  });

  it('walks the voucher page to Redeem and confirms it with the keyboard', async () => {
    const context = await newContext('phone');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/voucher/${voucherId}`);
    await page.getByTestId('redeem-button').waitFor({ timeout: 20_000 });
    const stops = await tabUntil(page, (s) => /^Redeem Voucher/.test(s.name));
    await page.keyboard.press('Enter');
    await page.getByTestId('redeem-confirm').waitFor();
    stops.push(...(await tabUntil(page, (s) => s.name === 'Yes, redeem now', 6)));
    console.log(`voucher: ${stops.map((s) => `${s.name} [${s.ring}]`).join(' → ')}`);
    expectVisibleAndInOrder(stops, 'voucher page');
    await page.keyboard.press('Enter');
    await page
      .getByText(/Redeemed/)
      .first()
      .waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('checks and redeems a typed code at the till with the keyboard', async () => {
    const context = await newContext('phone');
    const page = await context.newPage();
    await signIn(page, baseUrl, staff.username, staff.password);
    await page.waitForURL(`${baseUrl}/company-dashboard`);
    await page.goto(`${baseUrl}/till`);
    await page.getByTestId('manual-code').waitFor({ timeout: 20_000 });
    const stops = await tabUntil(page, (s) => /8 characters/.test(s.name), 40);
    expect(await page.getByTestId('manual-code').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(voucherId.slice(0, 8).toUpperCase());
    await page.keyboard.press('Enter');
    await page.getByTestId('till-voucher').waitFor({ timeout: 15_000 });
    stops.push(...(await tabUntil(page, (s) => /^Redeem/.test(s.name), 20)));
    console.log(`till: ${stops.map((s) => `${s.name} [${s.ring}]`).join(' → ')}`);
    expectVisibleAndInOrder(stops.slice(-6), 'till');
    expect(stops.filter((s) => !s.visible).map((s) => `${s.name}: ${s.ring}`)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByTestId('till-success').waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('opens a dialog with Enter, keeps the focus inside it, closes it with Escape and returns the focus', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.goto(`${baseUrl}/partners`);
    await page.getByRole('button', { name: 'Create Partner' }).waitFor({ timeout: 20_000 });
    const before = await tabUntil(page, (s) => s.name === 'Create Partner', 60);
    expect(before.filter((s) => !s.visible).map((s) => `${s.name}: ${s.ring}`)).toEqual([]);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The focus moved into the dialog, and Tab keeps it there (past its last control and round).
    const inside = [await focusedStop(page)];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      inside.push(await focusedStop(page));
    }
    console.log(`dialog: ${inside.map((s) => `${s.name} [${s.ring}]`).join(' → ')}`);
    expect(
      inside.filter((s) => !s.inDialog).map((s) => s.name),
      'focus left the dialog',
    ).toEqual([]);
    expect(
      inside
        .slice(1)
        .filter((s) => !s.visible)
        .map((s) => `${s.name}: ${s.ring}`),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const back = await focusedStop(page);
    expect(back.name).toBe('Create Partner');
    expect(back.visible, back.ring).toBe(true);
    await context.close();
  });
});

describe('before and after, in pictures (issue 27)', () => {
  it('a white-on-green chip at the old green fails the check, at the theme’s green passes; initials and the focus ring', async () => {
    const context = await newContext('desktop');
    const page = await context.newPage();
    await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    const chip = page.locator('.MuiChip-colorSuccess').first();
    await chip.waitFor({ timeout: 20_000 });
    await settle(page);
    const row = page
      .getByTestId('qr-row')
      .filter({ has: page.locator('.MuiChip-colorSuccess') })
      .first();
    await row.screenshot({ path: `${SCREENSHOTS}a11y-green-chip-after.png` });
    expect((await seriousAxeViolations(page)).filter((v) => v.id === 'color-contrast')).toEqual([]);
    // The green the chips had before (#079455, 3.9:1 under white text), painted back on: the check sees it.
    await page.evaluate(() =>
      document.querySelectorAll<HTMLElement>('.MuiChip-colorSuccess').forEach((el) => {
        el.style.backgroundColor = '#079455';
      }),
    );
    await row.screenshot({ path: `${SCREENSHOTS}a11y-green-chip-before.png` });
    const before = (await seriousAxeViolations(page)).filter((v) => v.id === 'color-contrast');
    // White on #079455 is 3.9:1 (about 4.0 where a hovered row's shade blends in): under 4.5 either way.
    expect(before.flatMap((v) => v.targets).join('\n')).toMatch(
      /insufficient color contrast of (3\.\d+|4)\b/,
    );

    // Initials without a photo (trainer codes): the theme's green, and MUI's grey as it was.
    await page.goto(`${baseUrl}/dashboard?tab=trainer`);
    const avatar = page.locator('.MuiAvatar-colorDefault').first();
    await avatar.waitFor({ timeout: 20_000 });
    await settle(page);
    const trainerRow = page.getByTestId('trainer-tab');
    await trainerRow.screenshot({ path: `${SCREENSHOTS}a11y-initials-after.png` });
    await page.evaluate(() =>
      document.querySelectorAll<HTMLElement>('.MuiAvatar-colorDefault').forEach((el) => {
        el.style.backgroundColor = '#bdbdbd';
        el.style.color = '#f5f7fa';
      }),
    );
    await trainerRow.screenshot({ path: `${SCREENSHOTS}a11y-initials-before.png` });

    // The focus ring on a button reached with Tab (the partners screen's Create Partner).
    await page.goto(`${baseUrl}/partners`);
    await page.getByRole('button', { name: 'Create Partner' }).waitFor({ timeout: 20_000 });
    await tabUntil(page, (s) => s.name === 'Create Partner', 60);
    await page.screenshot({
      path: `${SCREENSHOTS}a11y-focus-ring-after.png`,
      clip: { x: 0, y: 0, width: 1366, height: 300 },
    });
    await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      el.style.outlineColor = '#7ce9cd';
    });
    await page.screenshot({
      path: `${SCREENSHOTS}a11y-focus-ring-before.png`,
      clip: { x: 0, y: 0, width: 1366, height: 300 },
    });
    await context.close();
  });
});
