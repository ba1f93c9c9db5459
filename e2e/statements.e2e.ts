/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventName } from '@avpass/contracts';
import { DEFAULT_BUSINESS_TIMEZONE, businessDayOf } from '@avpass/domain';
import { eventSubject } from '@avpass/platform';
import { isPdf, type CaughtMail } from '@avpass/platform/testing';
import { JSONCodec, connect } from 'nats';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { E2E_ADMIN } from './support/global-setup';
import { api, launchBrowser, newPhoneContext, screenshot, signIn } from './support/browser';
import { MailSpool } from './support/mail';
import { addStaff, adminLogin, createPartnerWithStaff } from './support/partners';

// Partner statements (issue 39): a finished month cannot come from today's actions, so the test
// publishes last month's economic events as the credits and inventory outbox relays would; then the
// administrator issues that month, each active portal user of the partner receives it by e-mail (a real
// SMTP server, e2e/support/mail.ts) with the PDF and a link, the partner's staff follow the link and
// dispute a line, the administrator resolves it (revision 2, mailed too), the partner approves it from
// that mail's link and the administrator marks it paid.
const baseUrl = inject('baseUrl');
const nats = inject('nats');
const mail = new MailSpool(inject('mailSpool'));
const DESKTOP = { width: 1366, height: 768 };
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
const tag = Math.random().toString(36).slice(2, 7);
const PARTNER = `Statement Cycles ${tag}`;
const staff = {
  username: `statement-staff-${tag}`,
  password: 'statement-staff-password',
  email: `staff-${tag}@statements.test`,
};
/** Two more portal users of the partner: one active (gets the mail too), one deactivated (does not). */
const bookkeeper = {
  username: `statement-books-${tag}`,
  password: 'statement-books-password',
  email: `books-${tag}@statements.test`,
};
const former = {
  username: `statement-former-${tag}`,
  password: 'statement-former-password',
  email: `former-${tag}@statements.test`,
};
const ACTIVE = [staff.email, bookkeeper.email];

const today = businessDayOf(new Date(), DEFAULT_BUSINESS_TIMEZONE);
const [year, month] = today.split('-').map(Number) as [number, number];
const PERIOD = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
const MONTH = new Date(Date.UTC(Number(PERIOD.slice(0, 4)), Number(PERIOD.slice(5)) - 1, 1)).toLocaleString(
  'en-US',
  { month: 'long', year: 'numeric', timeZone: 'UTC' },
);
const SUBJECT = `AV Pass statement for ${MONTH}`;

let browser: Browser;
let context: BrowserContext | undefined;
let adminToken: string;
let partnerId: string;
/** The link in the mail of the statement as issued (revision 1), which the partner's staff follow. */
let issuedLink: string;

/** The statement's mail of `subject` to `address`, once it arrives (polled until the deadline). */
function mailOf(subject: string, address: string): Promise<CaughtMail> {
  return mail.waitForMail((m) => m.subject === subject && m.recipients.includes(address), {
    timeoutMs: 30_000,
    message: `"${subject}" reached ${address}`,
  });
}

/** Checks one statement mail (recipient, PDF named by partner and period, figures) and returns its link. */
function checkStatementMail(m: CaughtMail, address: string, pdfName: string, net: string): string {
  expect(m.recipients).toEqual([address]);
  expect(m.to).toEqual([address]);
  expect(m.text).toContain(`the club owes you ${net}`);
  expect(m.attachments.map((a) => [a.filename, a.contentType])).toEqual([[pdfName, 'application/pdf']]);
  expect(isPdf(m.attachments[0]!.content)).toBe(true);
  const link = m.text.match(/https?:\/\/\S+\/statements\/[0-9a-f-]{36}/)?.[0];
  expect(link, m.text).toBeDefined();
  expect(link!.startsWith(`${baseUrl}/statements/`)).toBe(true);
  return link!;
}

async function shot(p: Page, name: string) {
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.waitForTimeout(400); // dialogs and toasts finish their transitions
  await p.screenshot({ path: `${SHOTS}statements-${name}.png`, fullPage: true });
  await screenshot(p, `statements-${name}`);
}

async function axeClean(p: Page) {
  expect(await seriousAxeViolations(p)).toEqual([]);
}

async function newPage(phone = false) {
  await context?.close();
  context = phone ? await newPhoneContext(browser) : await browser.newContext({ viewport: DESKTOP });
  return context.newPage();
}

async function asAdmin(path: string) {
  const page = await newPage();
  await signIn(page, baseUrl, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.goto(`${baseUrl}${path}`);
  return page;
}

async function asPartner(phone = false) {
  const page = await newPage(phone);
  await signIn(page, baseUrl, staff.username, staff.password);
  await page.waitForURL(`${baseUrl}/company-dashboard`);
  return page;
}

/** The partner's statement of the period now (its newest revision). */
async function current() {
  const res = await api(baseUrl, `/api/statements?period=${PERIOD}&partnerId=${partnerId}`, {
    token: adminToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as Array<{ id: string; status: string; revision: number }>).sort(
    (a, b) => b.revision - a.revision,
  )[0];
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await adminLogin(baseUrl);
  partnerId = await createPartnerWithStaff(baseUrl, adminToken, { name: PARTNER }, staff);
  await addStaff(baseUrl, adminToken, partnerId, bookkeeper);
  const formerId = await addStaff(baseUrl, adminToken, partnerId, former);
  const deactivated = await api(baseUrl, `/api/partners/${partnerId}/users/${formerId}`, {
    method: 'PATCH',
    token: adminToken,
    json: { isActive: false },
  });
  expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);

  // Last month, as the owning services' outbox relays publish it: two athlete credit charges (the club
  // owes them) and one merchandise usage report (the partner owes it).
  const nc = await connect({ servers: nats.url });
  const publish = async <N extends EventName>(name: N, payload: DomainEvent<N>['payload']) => {
    const envelope = { id: randomUUID(), name, occurredAt: new Date().toISOString(), payload };
    await nc.jetstream().publish(eventSubject(nats.namespace, name), JSONCodec().encode(envelope));
  };
  for (const [amount, day, athleteName] of [
    [4500, '10', 'Maya Torres'],
    [3000, '12', 'Leo Park'],
  ] as const)
    await publish('credits.transaction.recorded.v1', {
      transactionId: randomUUID(),
      creditId: randomUUID(),
      partnerId,
      transactionType: 'service',
      amount,
      balanceAfter: 0,
      recordedAt: `${PERIOD}-${day}T18:00:00Z`,
      athleteName,
    });
  await publish('inventory.allocation.usage-reported.v1', {
    reportId: randomUUID(),
    allocationId: randomUUID(),
    partnerId,
    merchInventoryId: randomUUID(),
    merchItemId: randomUUID(),
    itemName: 'Club water bottle',
    sku: 'BOTTLE-1',
    size: 'One size',
    color: 'Teal',
    quantityDelta: 1,
    usedQuantity: 1,
    unitPriceCents: 2000,
    reportedAt: `${PERIOD}-14T18:00:00Z`,
  });
  await nc.drain();
  // The events reach the statements service's ledger through its consumers (expect.poll is for tests).
  const preview = `/api/statements/preview?partnerId=${partnerId}&from=${PERIOD}-01&to=${PERIOD}-28`;
  let net: unknown;
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    net = (await api(baseUrl, preview, { token: adminToken })).body?.totals?.netCents;
    if (net === 5500) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(net).toBe(5500);
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => browser?.close());

describe('a month’s statement, from issue to payment', () => {
  it('the administrator issues last month in the Statements screen', async () => {
    const page = await asAdmin('/dashboard');
    await page.getByRole('link', { name: 'Statements' }).first().click();
    await page.waitForURL(`${baseUrl}/admin-statements`);
    await page.getByRole('heading', { name: 'Statements', level: 1 }).waitFor();
    await page.getByRole('button', { name: `Issue ${MONTH}` }).click();
    await expect
      .poll(() => page.getByTestId('issue-result').innerText())
      .toMatch(/\d+ issued, \d+ already issued/);
    const row = page.getByTestId('admin-statement-row').filter({ hasText: PARTNER });
    await row.waitFor();
    expect(await row.innerText()).toContain('$55.00');
    expect(await page.getByTestId('period-totals').innerText()).toContain('Statements');
    // The table sorts on the server: a header asks GET /api/statements with its sort, kept in the URL.
    const sorted = page.waitForRequest((r) => /\/api\/statements\?.*sort=net&order=desc/.test(r.url()));
    await page.getByTestId('sort-net').click();
    await sorted;
    await page.waitForURL(/[?&]sort=net&order=desc/);
    expect(
      await page.getByRole('columnheader', { name: 'Net to the partner' }).getAttribute('aria-sort'),
    ).toBe('descending');
    await row.waitFor();
    // The month's bulk re-send: nothing had failed, and it says so.
    await page.getByTestId('resend-failed').click();
    await page
      .getByRole('status')
      .filter({ hasText: `No e-mail of ${MONTH} had failed.` })
      .waitFor();
    await axeClean(page);
    await shot(page, 'admin-issued-desktop');
  });

  it('each active portal user of the partner receives it by e-mail, with the PDF and a link to it', async () => {
    const issued = (await current())!;
    const links: string[] = [];
    for (const address of ACTIVE)
      links.push(
        checkStatementMail(
          await mailOf(SUBJECT, address),
          address,
          `avpass-statement-Statement-Cycles-${tag}-${PERIOD}.pdf`,
          '$55.00',
        ),
      );
    expect(links).toEqual([`${baseUrl}/statements/${issued.id}`, `${baseUrl}/statements/${issued.id}`]);
    issuedLink = links[0]!;
    // Sent, once to each, and none to the deactivated user (the deliveries the administrator sees).
    const deliveries = await api(baseUrl, `/api/statements/${issued.id}/deliveries`, { token: adminToken });
    expect(deliveries.status).toBe(200);
    expect(
      (deliveries.body.items as Array<{ recipient: string; status: string }>)
        .map((d) => [d.recipient, d.status])
        .sort(),
    ).toEqual(ACTIVE.map((address) => [address, 'sent']).sort());
    expect(await mail.mailTo(former.email)).toEqual([]);
    for (const address of ACTIVE) expect(await mail.mailTo(address)).toHaveLength(1);
  });

  it('the partner opens it, sees the sections and disputes one line (desktop and phone)', async () => {
    const phone = await asPartner(true);
    await phone.getByTestId('month-so-far').waitFor();
    await axeClean(phone);
    await shot(phone, 'partner-dashboard-phone');
    await phone.goto(`${baseUrl}/statements`);
    await phone.getByTestId('statement-row').first().waitFor();
    expect(await phone.getByTestId('statement-row').first().innerText()).toContain(
      'The club owes you $55.00',
    );
    await axeClean(phone);
    await shot(phone, 'partner-list-phone');
    await phone.getByTestId('statement-row').first().click();
    await phone.getByTestId('section-credits').waitFor();
    await phone.getByTestId('section-merchandise').waitFor();
    await axeClean(phone);
    await shot(phone, 'partner-detail-phone');

    const list = await asPartner();
    await list.getByRole('link', { name: 'Statements' }).first().click();
    await list.waitForURL(`${baseUrl}/statements`);
    await axeClean(list);
    await shot(list, 'partner-list-desktop');

    // The staff member follows the mail's link in a browser not signed in: the sign-in page, then the statement.
    const page = await newPage();
    await page.goto(issuedLink);
    await page.waitForURL(/\/login\?returnTo=/);
    await page.locator('input[name="username"]').fill(staff.username);
    await page.locator('input[name="password"]').fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(issuedLink);
    await page.getByTestId('section-merchandise').waitFor();
    await page.getByTestId('section-credits').waitFor();
    expect(await page.getByTestId('statement-net').innerText()).toBe('The club owes you $55.00');
    expect(await page.getByTestId('statement-line').count()).toBe(3);
    // Each credit's line names its athlete.
    await page
      .getByTestId('section-credits')
      .getByText(/^Maya Torres · credit [0-9a-f]{8}$/)
      .waitFor();
    await axeClean(page);
    await shot(page, 'partner-from-mail-desktop');

    await page.getByRole('button', { name: 'Dispute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispute this statement' });
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await dialog.getByText('A reason is required').waitFor();
    await dialog.getByLabel('Reason').fill('We never used a water bottle in that month.');
    await dialog.getByRole('checkbox', { name: /Club water bottle/ }).check();
    await axeClean(page);
    await shot(page, 'partner-dispute-dialog');
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('statement-status').filter({ hasText: 'Disputed' }).waitFor();
    await page.getByText('(disputed)').waitFor();
    expect((await current())?.status).toBe('disputed');
  });

  it('the administrator resolves the dispute with a credit to the partner', async () => {
    const page = await asAdmin(`/admin-statements?status=disputed&period=${PERIOD}`);
    const row = page.getByTestId('admin-statement-row').filter({ hasText: PARTNER });
    await row.getByRole('button', { name: `Resolve ${PARTNER}'s dispute` }).click();
    const dialog = page.getByRole('dialog', { name: `Resolve ${PARTNER}'s dispute` });
    await dialog
      .getByLabel('Resolution', { exact: false })
      .first()
      .fill('The bottle was reported by mistake.');
    await dialog.getByLabel('Adjustment (optional)').fill('Water bottle reported in error');
    await dialog.getByLabel('Amount ($)').fill('-20');
    await dialog.getByRole('combobox', { name: 'Owed by' }).click();
    await page.getByRole('option', { name: 'The partner owes the club' }).click();
    await axeClean(page);
    await shot(page, 'admin-resolve-dialog');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await current())?.revision, { timeout: 10_000 }).toBe(2);
    expect(await current()).toMatchObject({ status: 'issued', revision: 2 });
  });

  it('the partner approves the new revision, opened from its e-mail', async () => {
    const revision = (await current())!;
    const links: string[] = [];
    for (const address of ACTIVE)
      links.push(
        checkStatementMail(
          await mailOf(`${SUBJECT} (revision 2)`, address),
          address,
          `avpass-statement-Statement-Cycles-${tag}-${PERIOD}-rev2.pdf`,
          '$75.00',
        ),
      );
    expect(links).toEqual([`${baseUrl}/statements/${revision.id}`, `${baseUrl}/statements/${revision.id}`]);
    expect(await mail.mailTo(former.email)).toEqual([]);
    const page = await asPartner();
    await page.goto(links[0]!);
    await page.getByTestId('section-resolution').waitFor();
    expect(await page.getByTestId('statement-net').innerText()).toBe('The club owes you $75.00');
    await axeClean(page);
    await shot(page, 'partner-revision-desktop');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('statement-status').filter({ hasText: 'Approved' }).waitFor();
  });

  it('the administrator marks it paid', async () => {
    const revision = (await current())!;
    const page = await asAdmin(`/statements/${revision.id}`);
    await page.getByTestId('statement-status').filter({ hasText: 'Approved' }).waitFor();
    await page.getByRole('button', { name: 'Mark paid' }).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${PARTNER}'s statement paid` });
    await dialog.getByLabel('Payment reference').fill(`ACH-${tag}`);
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('statement-status').filter({ hasText: 'Paid' }).waitFor();
    await page.getByText(`reference ACH-${tag}`).waitFor();
    await axeClean(page);
    await shot(page, 'admin-paid-desktop');
    expect(await current()).toMatchObject({ status: 'paid', revision: 2 });
  });
});
