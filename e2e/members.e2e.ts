/// <reference lib="dom" />
import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { api } from './support/browser';
import { adminLogin } from './support/partners';
import { eventually, useTableBrowser } from './support/tables';
import { generateVoucher } from './support/vouchers';

// Issue 41, the administrator's member screens: /members keeps its search, tag, consent, sort and page
// in the URL; a member is created with the server's field errors on the form's fields, edited, imported
// from a CSV (a refused row reported with its number and reason; a wrong header and an oversized file
// get a clear message), merged with a duplicate and erased through ConfirmDialog. Every screen is axe-
// clean (serious and critical) on a laptop and a phone; screenshots go to e2e/screenshots/members-*.png.
const baseUrl = inject('baseUrl');
const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
/** Issue 43's screenshots, kept in the repository. */
const DOCS_SHOTS = new URL('../docs/screenshots/issue-43/', import.meta.url).pathname;
/** The run's mark: every last name starts with it (the list's search is a prefix), tags carry it too. */
const RUN = `Mq${randomUUID().slice(0, 5)}`;
const run = RUN.toLowerCase();
const GROUP = `grp-${run}`;
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

let page: Page;
const ui = useTableBrowser(baseUrl, (current) => (page = current));
let adminToken: string;
const ids: Record<string, string> = {};

/** A Spanish mobile number nobody else in this run has. */
const phone = () => `+3461${String(randomInt(1_000_000, 9_999_999))}`;

async function member(key: string, body: Record<string, unknown>) {
  const res = await api(baseUrl, '/api/members', { method: 'POST', token: adminToken, json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  ids[key] = res.body.id as string;
}

async function axeClean() {
  expect(await seriousAxeViolations(page, EXTRA_RULES)).toEqual([]);
}

async function shot(name: string, fullPage = true) {
  await page.waitForTimeout(400); // dialogs and toasts finish their transitions
  await page.screenshot({ path: `${SHOTS}members-${name}.png`, fullPage });
}

/** The names in the table's rows, top to bottom. */
const names = async () => page.locator('[data-testid="member-row"] td:first-child').allInnerTexts();

async function openList(query = '') {
  await ui.signInAdmin();
  await page.goto(`${baseUrl}/members${query}`);
}

beforeAll(async () => {
  adminToken = await adminLogin(baseUrl);
  const given = { given: true, source: 'form' };
  await member('ana', {
    firstName: 'Ana',
    lastName: `${RUN} Zed`,
    email: `ana-${run}@members.test`,
    tags: [GROUP, 'athlete'],
    consent: { email: given },
  });
  await member('bruno', {
    firstName: 'Bruno',
    lastName: `${RUN} Alba`,
    phone: phone(),
    language: 'es',
    tags: [GROUP, 'coach'],
    consent: { sms: given },
  });
  await member('carla', { firstName: 'Carla', lastName: `${RUN} Mora`, email: `carla-${run}@members.test` });
});

describe('the members list', () => {
  it('searches, filters by tag and consent, sorts by name, and a reload keeps the view', async () => {
    await openList();
    await page.getByTestId('member-search').locator('input').fill(RUN);
    await page.waitForURL(new RegExp(`q=${RUN}`));
    // Newest first by default.
    await eventually(names).toEqual([`Carla ${RUN} Mora`, `Bruno ${RUN} Alba`, `Ana ${RUN} Zed`]);

    await page.getByTestId('member-tag-filter').fill(GROUP);
    await page.waitForURL(new RegExp(`tag=${GROUP}`));
    await eventually(names).toEqual([`Bruno ${RUN} Alba`, `Ana ${RUN} Zed`]);

    // Name A–Z by the header (last name, then first name), which says so in aria-sort.
    const header = page.getByRole('columnheader', { name: 'Name' });
    await ui.sortsAscendingByHeader(header, 'sort-name', /sort=name&order=asc/);
    await eventually(names).toEqual([`Bruno ${RUN} Alba`, `Ana ${RUN} Zed`]);

    await ui.pickFilter('member-consent-filter', 'SMS consent given', /consent=sms/);
    await eventually(names).toEqual([`Bruno ${RUN} Alba`]);
    await ui.pickFilter('member-consent-filter', 'E-mail consent given', /consent=email/);
    await eventually(names).toEqual([`Ana ${RUN} Zed`]);

    // A reload (or a shared link) shows the same view.
    await ui.reloadShowing('member-row');
    await eventually(names).toEqual([`Ana ${RUN} Zed`]);
    await expect(page.getByTestId('member-search').locator('input').inputValue()).resolves.toBe(RUN);
    await expect(page.getByTestId('member-tag-filter').inputValue()).resolves.toBe(GROUP);
    await expect(header.getAttribute('aria-sort')).resolves.toBe('ascending');
    await ui.pickFilter('member-consent-filter', 'Any consent', /members\?q=/);
    await eventually(names).toEqual([`Bruno ${RUN} Alba`, `Ana ${RUN} Zed`]);
    await axeClean();
    await shot('list-1366', false);

    // Nothing matches: the designed empty state, still axe-clean.
    await page.getByTestId('member-search').locator('input').fill(`${RUN}-nobody`);
    await page.getByText('No member matches this search and these filters.').waitFor();
    await axeClean();
    await shot('list-empty-1366', false);
  });

  it('on a phone the members are cards, sorted by the Sort field', async () => {
    await ui.newSession('phone');
    await openList(`?q=${RUN}`);
    await page.getByTestId('member-card').first().waitFor();
    await page.getByTestId('sort-select').click();
    await page.getByRole('option', { name: 'Name (A–Z)' }).click();
    await page.waitForURL(/sort=name/);
    const cards = () => page.locator('[data-testid="member-card"] a').first().innerText();
    await eventually(cards).toBe(`Bruno ${RUN} Alba`);
    await expect(page.getByTestId('member-card').count()).resolves.toBe(3);
    await axeClean();
    await shot('list-390');
    // The form and the import open full-screen on a phone, both axe-clean.
    await page.getByTestId('new-member').click();
    await page.getByRole('dialog', { name: 'New member' }).waitFor();
    await axeClean();
    await shot('form-390', false);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('import-members').click();
    await page.getByRole('dialog', { name: 'Import members from a CSV' }).waitFor();
    await axeClean();
    await shot('import-390', false);
  });
});

describe('a new member and a change', () => {
  it('shows the server’s field errors on the fields, then adds the member and opens their page', async () => {
    await openList();
    await page.getByTestId('new-member').click();
    const dialog = page.getByRole('dialog', { name: 'New member' });
    await dialog.getByLabel('First name').fill('Dora');
    await dialog.getByLabel('Last name').fill(`${RUN} Vega`);
    // A phone only the server can judge (libphonenumber-js): its message under the Phone field.
    await dialog.getByLabel('Phone').fill('12');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await eventually(() => dialog.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');
    const phoneHelp = dialog.locator(
      '#' + (await dialog.getByLabel('Phone').getAttribute('aria-describedby')),
    );
    expect(await phoneHelp.innerText()).toMatch(/phone/i);

    // Ana's e-mail is taken: the 409's field error sits under E-mail.
    await dialog.getByLabel('Phone').fill('');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`ana-${run}@members.test`);
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await eventually(() => dialog.getByText('A member with that e-mail already exists').count()).toBe(1);
    await expect(dialog.getByRole('textbox', { name: 'E-mail' }).getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await axeClean();
    await shot('form-error-1366', false);

    // The date of birth (issue 43): a half-typed date and a day after today each get the contract's
    // words under the field, before any call.
    const birthDate = dialog.getByLabel('Date of birth');
    const birthHelp = async () =>
      dialog.locator('#' + (await birthDate.getAttribute('aria-describedby'))).innerText();
    await birthDate.click();
    await page.keyboard.type('04');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await eventually(() => birthDate.getAttribute('aria-invalid')).toBe('true');
    await expect(birthHelp()).resolves.toBe('Date of birth must be a date (YYYY-MM-DD)');
    await birthDate.fill('2999-01-01');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await eventually(birthHelp).toBe('Date of birth must be a real day between 1900 and today');
    await expect(birthDate.getAttribute('aria-invalid')).resolves.toBe('true');
    await axeClean();
    const formShot = async (name: string) => {
      await page.waitForTimeout(400); // the helper texts finish their transitions
      // The form alone: the earlier 409's toast is not part of it.
      await dialog.screenshot({
        path: `${DOCS_SHOTS}${name}.png`,
        style: '.MuiSnackbar-root { display: none }',
      });
    };
    await formShot('member-form-birth-date-error-1366');

    await birthDate.fill('1990-04-23');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`dora-${run}@members.test`);
    await dialog.getByLabel('By e-mail').check();
    await formShot('member-form-birth-date-1366');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await page.waitForURL(/\/members\/[0-9a-f-]{36}$/);
    ids.dora = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: `Dora ${RUN} Vega`, level: 1 }).waitFor();
    const created = await api(baseUrl, `/api/members/${ids.dora}`, { token: adminToken });
    expect(created.body).toMatchObject({
      email: `dora-${run}@members.test`,
      birthDate: '1990-04-23',
      consent: { email: { given: true } },
    });
    // The member's facts show it, as a day in the reader's language.
    const born = page.locator('dt', { hasText: 'Date of birth' }).locator('xpath=following-sibling::dd[1]');
    await expect(born.innerText()).resolves.toBe('Apr 23, 1990');
    await axeClean();
  });

  it('edits a member: the page shows the change, its consent and its history', async () => {
    await ui.signInAdmin();
    await page.goto(`${baseUrl}/members/${ids.carla}`);
    await page.getByRole('heading', { name: `Carla ${RUN} Mora`, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit member' });
    await dialog.getByLabel('Last name').fill(`${RUN} Mora-Ruiz`);
    await dialog.getByLabel('Tags').fill('family');
    await dialog.getByLabel('Tags').press('Enter');
    await dialog.getByLabel('By e-mail').check();
    await axeClean();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: `Carla ${RUN} Mora-Ruiz`, level: 1 }).waitFor();
    const saved = await api(baseUrl, `/api/members/${ids.carla}`, { token: adminToken });
    expect(saved.body).toMatchObject({
      tags: ['family'],
      consent: { email: { given: true, source: 'form' } },
    });
    await expect(page.getByTestId('member-consent').innerText()).resolves.toMatch(
      /E-mail\s+Given .+, on the administrator’s form/,
    );
    // The history is the audit trail's entries about this member: added, then changed.
    const history = page.getByTestId('member-history');
    await eventually(() => history.getByTestId('audit-sentence').count()).toBe(2);
    await expect(history.innerText()).resolves.toContain('changed the member');
    // Vouchers and deliveries: the routes may not be on this server yet; either way a calm state.
    await expect(page.getByTestId('member-vouchers').innerText()).resolves.toMatch(
      /not available on this server yet|No voucher has been sent/,
    );
    await expect(page.getByTestId('member-deliveries').innerText()).resolves.toMatch(
      /not available on this server yet|Nothing has been sent/,
    );
    await axeClean();
    await shot('detail-1366');

    await ui.newSession('phone');
    await ui.signInAdmin();
    await page.goto(`${baseUrl}/members/${ids.carla}`);
    await page.getByRole('heading', { name: `Carla ${RUN} Mora-Ruiz`, level: 1 }).waitFor();
    await page.getByTestId('member-history').getByTestId('audit-sentence').first().waitFor();
    await axeClean();
    await shot('detail-390');
  });
});

describe('import by CSV', () => {
  const csv = (text: string, name = 'members.csv') => ({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });

  it('reports created, updated and unchanged members and each refused row with its number and reason', async () => {
    await openList();
    await page.getByTestId('import-members').click();
    const dialog = page.getByRole('dialog', { name: 'Import members from a CSV' });
    await page
      .getByTestId('import-file')
      .setInputFiles(
        csv(
          [
            'name,email,tags,email_consent',
            `Elena ${RUN} Paz,elena-${run}@members.test,${GROUP};family,yes`,
            `Fede ${RUN} Rey,not-an-email,${GROUP},no`,
            `Ana ${RUN} Zed,ana-${run}@members.test,${GROUP};athlete,yes`,
          ].join('\n'),
        ),
      );
    await page.getByTestId('import-upload').click();
    await dialog.getByTestId('import-report').waitFor();
    await expect(dialog.getByTestId('import-created').innerText()).resolves.toBe('1');
    await expect(dialog.getByTestId('import-refused').innerText()).resolves.toBe('1');
    const updatedOrSame =
      Number(await dialog.getByTestId('import-updated').innerText()) +
      Number(await dialog.getByTestId('import-unchanged').innerText());
    expect(updatedOrSame).toBe(1);
    const refused = dialog.getByTestId('refused-row');
    await expect(refused.count()).resolves.toBe(1);
    await expect(refused.locator('td').first().innerText()).resolves.toBe('3');
    await expect(refused.locator('td').nth(1).innerText()).resolves.toMatch(/e-mail/i);
    await axeClean();
    await shot('import-report-1366', false);

    // A header the import does not know: the server's 400 says which column and what it expects.
    await page.getByTestId('import-file').setInputFiles(csv('nombre,correo\nX,x@y.z\n', 'wrong.csv'));
    await page.getByTestId('import-upload').click();
    await expect(dialog.getByTestId('import-problem').innerText()).resolves.toMatch(
      /Unknown column "nombre"/,
    );

    // Over 10 MB: said at once, before any upload (the server's 413 says the same).
    await page.getByTestId('import-file').setInputFiles(csv('x'.repeat(10 * 1024 * 1024 + 10), 'big.csv'));
    await expect(dialog.getByTestId('import-problem').innerText()).resolves.toContain('larger than 10 MB');
    await expect(page.getByTestId('import-upload').isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The imported member is in the list.
    await page.getByTestId('member-search').locator('input').fill(`${RUN} Paz`);
    await eventually(names).toEqual([`Elena ${RUN} Paz`]);
  });
});

describe('merge and erase', () => {
  it('merges a duplicate found by search into the member, after ConfirmDialog', async () => {
    const dupPhone = phone();
    await member('dupA', { firstName: 'Gil', lastName: `${RUN} Duo`, email: `gil-${run}@members.test` });
    await member('dupB', { firstName: 'Gilberto', lastName: `${RUN} Duo`, phone: dupPhone, tags: ['coach'] });
    await ui.signInAdmin();
    await page.goto(`${baseUrl}/members/${ids.dupA}`);
    await page.getByRole('button', { name: 'Merge a duplicate' }).click();
    const dialog = page.getByRole('dialog', { name: `Merge a duplicate into Gil ${RUN} Duo?` });
    await expect(page.getByTestId('confirm-merge').isDisabled()).resolves.toBe(true);
    await page.getByTestId('merge-picker').fill('Gilberto');
    await page.getByRole('option', { name: new RegExp(`Gilberto ${RUN} Duo`) }).click();
    await expect(dialog.getByTestId('merge-summary').innerText()).resolves.toContain('will be merged into');
    await axeClean();
    await shot('merge-1366', false);
    await page.getByTestId('confirm-merge').click();
    await dialog.waitFor({ state: 'hidden' });
    await eventually(
      async () => (await api(baseUrl, `/api/members/${ids.dupB}`, { token: adminToken })).status,
    ).toBe(404);
    const merged = await api(baseUrl, `/api/members/${ids.dupA}`, { token: adminToken });
    expect(merged.body).toMatchObject({ phone: dupPhone, tags: ['coach'] });
    await eventually(() => page.getByTestId('member-history').innerText()).toContain(
      'merged a duplicate into',
    );
  });

  it('erases a member after ConfirmDialog says what erasure keeps', async () => {
    await ui.signInAdmin();
    await page.goto(`${baseUrl}/members/${ids.bruno}`);
    await page.getByTestId('erase-member').click();
    const dialog = page.getByRole('dialog', { name: `Erase Bruno ${RUN} Alba?` });
    await expect(dialog.innerText()).resolves.toMatch(
      /redemptions, anonymised, so statements and statistics/,
    );
    await axeClean();
    await shot('erase-1366', false);
    await page.getByTestId('confirm-erase').click();
    await page.waitForURL(`${baseUrl}/members`);
    const gone = await api(baseUrl, `/api/members/${ids.bruno}`, { token: adminToken });
    expect(gone.status).toBe(404);
    // The list no longer shows them.
    await page.getByTestId('member-search').locator('input').fill(`${RUN} Alba`);
    await page.getByText('No member matches this search and these filters.').waitFor();
  });
});

describe('send to members', () => {
  it('sends a voucher from its row to a tag or chosen members', async () => {
    const made = await generateVoucher(baseUrl, adminToken, { customTitle: `${RUN} Spring Tune-up` });
    await ui.signInAdmin();
    await page.getByLabel('Search QR codes').fill(RUN);
    const row = page.locator(`[data-testid="qr-row"][data-id="${made.id}"]`);
    await row.getByRole('button', { name: `Send voucher ${made.id.slice(0, 8)} to members` }).click();
    const dialog = page.getByRole('dialog', { name: /^Send .+ to members$/ });
    await dialog.waitFor();
    // The e2e platform sends SMS through a Twilio stand-in: SMS can be chosen (SMS off, and the
    // answer of GET /api/members/channels that makes the dialog say so, are the integration tests').
    // The channels' answer comes with the dialog: SMS is enabled once it has come.
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'SMS' }).isDisabled()).toBe(false);
    await expect(dialog.getByTestId('sms-off').count()).resolves.toBe(0);
    await dialog.getByLabel('Chosen members').check();
    await page.getByTestId('send-picker').fill(`${RUN} Zed`);
    await page.getByRole('option', { name: new RegExp(`Ana ${RUN} Zed`) }).click();
    await page.keyboard.press('Escape'); // closes the list, not the dialog
    await axeClean();
    await shot('send-1366', false);
    await dialog.getByLabel('Members with a tag').check();
    await page.getByTestId('send-tag').fill(GROUP);
    await page.getByTestId('send-submit').click();
    await eventually(async () =>
      (await dialog.getByTestId('send-queued').count()) > 0
        ? await dialog.getByTestId('send-queued').innerText()
        : '',
    ).toMatch(/^\d+ queued/);
    await axeClean();
    await shot('send-answer-1366', false);
  });

  it('shows the progress bar while the messages go out, and says when all are sent', async () => {
    // 80 members by SMS: the platform sends 10 a second (SMS_RATE_PER_SECOND), so the dialog's 2-second
    // polls see the send on its way for several seconds.
    // A tag of this attempt's own: a retry's members are not added to the first attempt's 80.
    const many = `${GROUP}-many-${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 80; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, k) =>
          member(`${many}${i + k}`, {
            firstName: `Many${i + k}`,
            lastName: `${RUN} Many`,
            phone: phone(),
            tags: [many],
            consent: { sms: { given: true, source: 'form' } },
          }),
        ),
      );
    const made = await generateVoucher(baseUrl, adminToken, { customTitle: `${RUN} Progress` });
    await ui.signInAdmin();
    await page.getByLabel('Search QR codes').fill(`${RUN} Progress`);
    const row = page.locator(`[data-testid="qr-row"][data-id="${made.id}"]`);
    await row.getByRole('button', { name: `Send voucher ${made.id.slice(0, 8)} to members` }).click();
    const dialog = page.getByRole('dialog', { name: /^Send .+ to members$/ });
    await dialog.waitFor();
    await page.getByTestId('send-tag').fill(many);
    await dialog.getByRole('checkbox', { name: 'E-mail' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'SMS' }).check();
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/members/send') && r.request().method() === 'POST',
    );
    await page.getByTestId('send-submit').click();
    const { sendId } = (await (await answer).json()) as { sendId: string };
    const counts = dialog.getByTestId('send-progress-counts');
    const figures = async () => {
      const text = (await counts.count()) ? await counts.innerText() : '';
      const m = /^(\d+) sent · (\d+) failed · (\d+) waiting/.exec(text);
      return m ? { sent: Number(m[1]), failed: Number(m[2]), waiting: Number(m[3]) } : null;
    };
    // Half way: some sent, some waiting, the bar between its ends.
    await expect
      .poll(
        async () => {
          const now = await figures();
          return Boolean(now && now.sent > 0 && now.waiting > 0);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    // The table under the dialog redraws without the row (another tab, by the address, as a list's
    // refresh can drop it): the dialog is not the row's, so the send's progress stays on screen.
    await page.evaluate(() => {
      history.pushState(null, '', '/dashboard?tab=batches');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => row.count()).toBe(0);
    const bar = dialog.getByRole('progressbar', { name: 'Send progress' });
    const [value, words] = [
      Number(await bar.getAttribute('aria-valuenow')),
      await dialog.getByTestId('send-progress').innerText(),
    ];
    await page.screenshot({ path: `${SHOTS}members-send-progress-1366.png` });
    expect(value).toBeGreaterThan(0);
    expect(value).toBeLessThan(100);
    expect(words).toContain('Sending…');
    await axeClean();
    // Then every message out (the route the dialog polls says so), and the dialog says it too.
    await expect
      .poll(
        async () => {
          const res = await api(baseUrl, `/api/members/sends/${sendId}`, { token: adminToken });
          return res.status === 200 ? `${res.body.sent}/${res.body.pending}/${res.body.failed}` : res.status;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe('80/0/0');
    await expect
      .poll(() => dialog.getByTestId('send-progress').innerText(), { timeout: 30_000 })
      .toContain('All sent.');
  });
});

describe("a member's athlete credits", () => {
  it('more than a page of credits: the newest 50, then "Load more" brings the rest', async () => {
    await member('credited', {
      firstName: 'Cris',
      lastName: `${RUN} Credits`,
      email: `cris-${run}@members.test`,
    });
    const memberId = ids.credited!;
    for (let i = 0; i < 55; i += 11)
      await Promise.all(
        Array.from({ length: Math.min(11, 55 - i) }, async (_, k) => {
          const res = await api(baseUrl, '/api/athlete-credits', {
            method: 'POST',
            token: adminToken,
            headers: { 'idempotency-key': randomUUID() },
            json: {
              athleteName: `Cris ${i + k}`,
              memberId,
              totalAmount: 1_000,
              duration: 12,
              startDate: '2026-01-01',
              endDate: '2099-12-31',
            },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
        }),
      );
    await ui.signInAdmin();
    await page.goto(`${baseUrl}/members/${memberId}`);
    const section = page.getByTestId('member-credits');
    await section.getByTestId('member-credit').first().waitFor({ timeout: 20_000 });
    await expect(section.getByTestId('member-credit').count()).resolves.toBe(50);
    await expect(page.getByTestId('member-credits-shown').innerText()).resolves.toBe(
      '50 of 55 credits shown.',
    );
    await expect(page.getByTestId('member-credit-balance').innerText()).resolves.toBe('Balance $550.00');
    await section.getByRole('button', { name: 'Load more' }).click();
    await eventually(() => section.getByTestId('member-credit').count()).toBe(55);
    await expect(section.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('member-credits-shown').count()).resolves.toBe(0);
    // Every credit once, newest first (the last made is the first line).
    const lines = await section.getByTestId('member-credit').allInnerTexts();
    expect(new Set(lines.map((t) => t.split('\n')[0])).size).toBe(55);
    await axeClean();
  });
});
