/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventName } from '@avpass/contracts';
import { DEFAULT_BUSINESS_TIMEZONE, businessDayOf } from '@avpass/domain';
import { eventSubject } from '@avpass/platform';
import { JSONCodec, connect } from 'nats';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, launchBrowser, signIn } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';
import {
  expectNothingCut,
  expectSpanish,
  answeredAsSpeaking,
  contextIn,
  DESKTOP,
  DEVICES,
  type Viewport,
} from './support/i18n';
import { adminLogin, createPartnerWithStaff, type StaffUser } from './support/partners';

// Issue 42: the admins' Members screens (the list, a member, the send-to-members dialog), the statements
// (the administrator's month, a partner's list and a statement) and the inventory screens (the
// administrator's four tabs, the partner's two) in the pseudo-locale (every message accented and 40 %
// longer) on a laptop and a phone, with no text cut or pushed out of its box and no catalog key shown;
// then in Spanish on the laptop, axe-clean, photographed for docs/screenshots/issue-42/. One signed-in
// context per language, device and role, reused by every screen.
const baseUrl = inject('baseUrl');
const nats = inject('nats');
const tag = randomUUID().slice(0, 6);
const TAG = `i18n${tag}`;
const PARTNER = `Harbor Outfitters ${tag}`;
const BATCH = `Spring ${tag}`;
const STAFF: StaffUser = { username: `i18n-ms-${tag}`, password: 'i18n-ms-password-1' };

const today = businessDayOf(new Date(), DEFAULT_BUSINESS_TIMEZONE);
const [year, month] = today.split('-').map(Number) as [number, number];
const PERIOD = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;

type Language = 'es' | 'pseudo';
type Who = 'admin' | 'partner';

let browser: Browser;
let admin: string;
let memberId: string;
let itemId: string;
let statementId: string;
const contexts = new Map<string, { context: BrowserContext; page: Page }>();

async function post(path: string, json: unknown, status = 201) {
  const res = await api(baseUrl, path, {
    method: 'POST',
    token: admin,
    json,
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

/** Waits until `done` says so (expect.poll is for tests; this runs before them). */
async function until(done: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not done within ${timeoutMs} ms`);
}

/** Last month's statement of the file's own partner: one athlete credit charge, then the month issued. */
async function issueStatement(partnerId: string): Promise<string> {
  const nc = await connect({ servers: nats.url });
  const name: EventName = 'credits.transaction.recorded.v1';
  const payload: DomainEvent<typeof name>['payload'] = {
    transactionId: randomUUID(),
    creditId: randomUUID(),
    partnerId,
    transactionType: 'service',
    amount: 4500,
    balanceAfter: 0,
    recordedAt: `${PERIOD}-10T18:00:00Z`,
    athleteName: 'Maya Torres',
  };
  const envelope = { id: randomUUID(), name, occurredAt: new Date().toISOString(), payload };
  await nc.jetstream().publish(eventSubject(nats.namespace, name), JSONCodec().encode(envelope));
  await nc.drain();
  const preview = `/api/statements/preview?partnerId=${partnerId}&from=${PERIOD}-01&to=${PERIOD}-28`;
  await until(async () => (await api(baseUrl, preview, { token: admin })).body?.totals?.netCents === 4500);
  await post('/api/statements/issue', { period: PERIOD }, 200);
  const list = `/api/statements?period=${PERIOD}&partnerId=${partnerId}`;
  await until(async () => ((await api(baseUrl, list, { token: admin })).body?.items?.length ?? 0) > 0);
  return (await api(baseUrl, list, { token: admin })).body.items[0].id as string;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await adminLogin(baseUrl);
  const partnerId = await createPartnerWithStaff(baseUrl, admin, { name: PARTNER }, STAFF);
  memberId = (
    await post('/api/members', {
      firstName: 'Lucía',
      lastName: `Martín ${tag}`,
      email: `i18n-ms-${tag}@example.com`,
      language: 'es',
      tags: [TAG, 'athlete'],
      consent: { email: { given: true, source: 'form' } },
    })
  ).id as string;
  await post('/api/bulk-generate', {
    batchName: BATCH,
    facility: PARTNER,
    partnerId,
    quantity: 2,
    service: 'Smoothie',
    discountValue: 20,
    expirationDate: '2099-12-31',
    usageLimit: '5',
  });
  // An item with a line, part of it allocated to the partner and reported used.
  const form = new FormData();
  const fields = {
    name: `${TAG} Club Hoodie`,
    sku: `${TAG}-HOOD`,
    category: 'hoodies',
    price: '45',
    sizes: 'S,M',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const created = await fetch(`${baseUrl}/api/merch-items`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  expect(created.status).toBe(201);
  itemId = ((await created.json()) as { id: string }).id;
  const lineId = (
    await post('/api/inventory', { merchItemId: itemId, size: 'M', totalQuantity: 12, minStockLevel: 15 })
  ).id as string;
  await post('/api/partner-allocations', { partnerId, merchInventoryId: lineId, quantity: 5 });
  statementId = await issueStatement(partnerId);
}, 120_000);
afterAll(async () => {
  for (const { context } of contexts.values()) await context.close();
  await browser?.close();
});

/**
 * The page of a signed-in context in `language` (made once, then reused): signed in under English
 * words (the helper clicks "Sign in"), then the language chosen. An account's own language wins over
 * the remembered choice (decision 352) but not over the pseudo-locale; for Spanish the session's user
 * is answered as speaking it, in this context only (the shared administrator's own setting is left alone).
 */
async function pageOf(language: Language, viewport: Viewport, who: Who): Promise<Page> {
  const key = `${language}-${viewport.width}-${who}`;
  const known = contexts.get(key);
  if (known) return known.page;
  const context = await contextIn(browser, baseUrl, 'en', viewport);
  if (language === 'es') await answeredAsSpeaking(context, 'es');
  const page = await context.newPage();
  const [username, password] =
    who === 'admin' ? [E2E_ADMIN.username, E2E_ADMIN.password] : [STAFF.username, STAFF.password];
  await signIn(page, baseUrl, username, password);
  await page.waitForURL(who === 'admin' ? `${baseUrl}/dashboard` : `${baseUrl}/company-dashboard`);
  await context.addCookies([{ name: 'avpass_lang', value: language, url: baseUrl }]);
  await page.evaluate(() => localStorage.removeItem('avpassLanguage'));
  contexts.set(key, { context, page });
  return page;
}

/** Pages that have loaded the app in their language: they move on inside it (no reload: the machine is shared). */
const loaded = new WeakSet<Page>();

/** Opens `path`: the first time a full load (the language chosen is read then), afterwards as a link does. */
async function go(page: Page, path: string): Promise<void> {
  if (!loaded.has(page)) {
    await page.goto(`${baseUrl}${path}`);
    loaded.add(page);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL(`${baseUrl}${path}`);
}

/** The first of the elements (a table's row or a phone's card) that says the screen has drawn. */
const drawn = (page: Page, ...testIds: string[]) =>
  page
    .locator(testIds.map((id) => `[data-testid="${id}"]`).join(', '))
    .first()
    .waitFor({ timeout: 60_000 });

/** Each converted screen: whose it is, and how it is opened and known to be drawn. */
const SCREENS: { name: string; who: Who; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'members',
    who: 'admin',
    open: async (page) => {
      await go(page, `/members?tag=${TAG}`);
      await drawn(page, 'member-row', 'member-card');
    },
  },
  {
    name: 'member',
    who: 'admin',
    open: async (page) => {
      await go(page, `/members/${memberId}`);
      await drawn(page, 'member-consent');
      await drawn(page, 'member-vouchers');
    },
  },
  {
    name: 'send-to-members',
    who: 'admin',
    open: async (page) => {
      await go(page, `/dashboard?tab=batches`);
      // The batch's first button opens its codes (the dashboard's words are another area's).
      await page.getByTestId('batch-row').filter({ hasText: BATCH }).locator('button').first().click();
      await page.getByTestId('send-to-members').click();
      await page.locator('#send-members-title').waitFor({ timeout: 60_000 });
      await page.getByTestId('send-tag').waitFor();
    },
  },
  {
    name: 'admin-statements',
    who: 'admin',
    open: async (page) => {
      await go(page, `/admin-statements?period=${PERIOD}`);
      await page.getByTestId('admin-statement-row').filter({ hasText: PARTNER }).waitFor({ timeout: 60_000 });
    },
  },
  {
    name: 'partner-statements',
    who: 'partner',
    open: async (page) => {
      await go(page, `/statements`);
      await drawn(page, 'statement-row');
    },
  },
  {
    name: 'statement',
    who: 'partner',
    open: async (page) => {
      await go(page, `/statements/${statementId}`);
      await drawn(page, 'statement-line');
    },
  },
  {
    name: 'admin-inventory-items',
    who: 'admin',
    open: async (page) => {
      await go(page, `/admin-inventory?items.q=${TAG}`);
      await drawn(page, 'merch-row', 'merch-card');
    },
  },
  {
    name: 'admin-inventory-lines',
    who: 'admin',
    open: async (page) => {
      await go(page, `/admin-inventory?tab=inventory&item=${itemId}`);
      await drawn(page, 'inventory-row', 'inventory-card');
    },
  },
  {
    name: 'admin-inventory-allocations',
    who: 'admin',
    open: async (page) => {
      await go(page, `/admin-inventory?tab=allocations&item=${itemId}`);
      await drawn(page, 'allocation-row', 'allocation-card');
    },
  },
  {
    name: 'admin-inventory-transactions',
    who: 'admin',
    open: async (page) => {
      await go(page, `/admin-inventory?tab=transactions&item=${itemId}`);
      await drawn(page, 'transaction-row', 'transaction-card');
    },
  },
  {
    name: 'partner-inventory',
    who: 'partner',
    open: async (page) => {
      await go(page, `/partner-inventory`);
      await drawn(page, 'allocation-card');
    },
  },
  {
    name: 'partner-inventory-history',
    who: 'partner',
    open: async (page) => {
      await go(page, `/partner-inventory?tab=history`);
      await drawn(page, 'transaction-row', 'transaction-card');
    },
  },
];

describe('the members, statements and inventory screens in the pseudo-locale', () => {
  for (const [viewport, device] of DEVICES)
    for (const screen of SCREENS)
      it(`${screen.name} on a ${device}: no text cut or overflowing, no key shown`, async () => {
        const page = await pageOf('pseudo', viewport, screen.who);
        await screen.open(page);
        await expectNothingCut(page);
      });
});

describe('the members, statements and inventory screens in Spanish', () => {
  for (const screen of SCREENS)
    it(`${screen.name} on a desktop: in Spanish, axe-clean`, async () => {
      const page = await pageOf('es', DESKTOP, screen.who);
      await screen.open(page);
      await expectSpanish(page, `${screen.name}-desktop`);
    });
});
