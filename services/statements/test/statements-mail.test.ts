import { randomUUID } from 'node:crypto';
import { isPdf, refusal, waitFor } from '@avpass/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyActor, startStatementServices, type StatementServices } from './support/services';

// Issue 39: each issued statement is e-mailed, with its PDF, to the partner's staff through a real SMTP
// server; a failed delivery says why, and the administrator sends it again.
let s: StatementServices;
beforeAll(async () => {
  s = await startStatementServices();
});
afterAll(async () => s?.close());

const issue = (period: string) => s.call('statements.statements.issue.v1', { period });

describe('the statement by e-mail', () => {
  it('reaches each active portal user of the partner once per revision, with the PDF attached', async () => {
    const shop = await s.call('partners.vendors.create.v1', { name: 'Riverside Bike Shop' });
    const user = await s.call('partners.users.create.v1', {
      partnerId: shop.id,
      username: `riverside-${randomUUID().slice(0, 6)}`,
      password: 'staff-password-1',
      email: `books-${randomUUID().slice(0, 6)}@riverside.example`,
    });
    await s.charge(4200, '2025-09-12T18:00:00Z', shop.id);
    await waitFor(
      async () =>
        (await s.call('statements.preview.v1', { partnerId: shop.id, from: '2025-09-01', to: '2025-09-30' }))
          .totals.clubOwesCents === 4200,
      { timeoutMs: 20_000 },
    );
    expect(await issue('2025-09')).toMatchObject({ issued: 1 });
    const mail = await s.smtp.waitForMail((m) => m.recipients.includes(user.email!), { timeoutMs: 30_000 });
    expect(mail.subject).toBe('AV Pass statement for September 2025');
    expect(mail.text).toContain('the club owes you $42.00');
    expect(mail.text).toMatch(/\/statements\/[0-9a-f-]{36}/);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe('avpass-statement-Riverside-Bike-Shop-2025-09.pdf');
    expect(isPdf(mail.attachments[0]!.content)).toBe(true);
    expect(await issue('2025-09')).toMatchObject({ issued: 0, alreadyIssued: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(s.smtp.mailTo(user.email!)).toHaveLength(1);
  });
});

describe('a failed e-mail', () => {
  it('shows its reason to the administrator, and re-send delivers it once the address is accepted', async () => {
    const shop = await s.call('partners.vendors.create.v1', { name: 'Lakeside Running' });
    const email = `owner-${randomUUID().slice(0, 6)}@lakeside.example`;
    await s.call('partners.users.create.v1', {
      partnerId: shop.id,
      username: `lakeside-${randomUUID().slice(0, 6)}`,
      password: 'staff-password-1',
      email,
    });
    s.smtp.refuseRecipients((address) => address === email);
    await s.charge(900, '2025-08-12T18:00:00Z', shop.id);
    await waitFor(
      async () =>
        (await s.call('statements.preview.v1', { partnerId: shop.id, from: '2025-08-01', to: '2025-08-31' }))
          .totals.clubOwesCents === 900,
      { timeoutMs: 20_000 },
    );
    await issue('2025-08');
    const statement = (
      await s.call('statements.statements.list.v1', { period: '2025-08', partnerId: shop.id })
    ).items[0]!;
    const failed = await waitFor(
      async () => {
        const { items } = await s.call('statements.statements.deliveries.v1', { id: statement.id });
        return items[0]?.status === 'failed' && items[0];
      },
      { timeoutMs: 30_000, message: 'the delivery failed' },
    );
    expect(failed).toMatchObject({
      recipient: email,
      attempts: 2,
      lastError: expect.stringContaining('550'),
    });
    expect(
      await refusal(
        s.call('statements.statements.deliveries.v1', { id: statement.id }, { actor: companyActor(shop.id) }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });

    s.smtp.refuseRecipients(undefined);
    expect(await s.call('statements.statements.resend.v1', { id: statement.id })).toEqual({
      retried: 1,
      recorded: 0,
    });
    const mail = await s.smtp.waitForMail((m) => m.recipients.includes(email), { timeoutMs: 30_000 });
    expect(mail.subject).toBe('AV Pass statement for August 2025');
    await waitFor(
      async () =>
        (await s.call('statements.statements.deliveries.v1', { id: statement.id })).items[0]?.status ===
        'sent',
      { timeoutMs: 10_000 },
    );
    expect(await s.call('statements.statements.resend.v1', { id: statement.id })).toEqual({
      retried: 0,
      recorded: 0,
    });
  });
});

describe("a month's failed e-mails, re-sent at once", () => {
  /** A partner with one member of staff whose address the SMTP server refuses, charged in `period`. */
  async function refusedShop(name: string, at: string) {
    const shop = await s.call('partners.vendors.create.v1', { name });
    const email = `books-${randomUUID().slice(0, 6)}@${name.toLowerCase().replace(/\W+/g, '-')}.example`;
    await s.call('partners.users.create.v1', {
      partnerId: shop.id,
      username: `staff-${randomUUID().slice(0, 6)}`,
      password: 'staff-password-1',
      email,
    });
    await s.charge(500, at, shop.id);
    return { shop, email };
  }
  const failedOf = (period: string, partnerId: string) =>
    waitFor(
      async () => {
        const statement = (await s.call('statements.statements.list.v1', { period, partnerId })).items[0];
        if (!statement) return null;
        const { items } = await s.call('statements.statements.deliveries.v1', { id: statement.id });
        return items[0]?.status === 'failed' && statement;
      },
      { timeoutMs: 30_000, message: `${partnerId}'s ${period} e-mail failed` },
    );

  it("sends every failed e-mail of the month's statements again, and none of another month's", async () => {
    const july = [
      await refusedShop('Harbor Cycles', '2025-07-10T18:00:00Z'),
      await refusedShop('Summit Outdoor', '2025-07-11T18:00:00Z'),
    ];
    const june = await refusedShop('Valley Swim', '2025-06-10T18:00:00Z');
    const refused = new Set([...july, june].map((x) => x.email));
    s.smtp.refuseRecipients((address) => refused.has(address));
    for (const [period, shops] of [
      ['2025-07', july],
      ['2025-06', [june]],
    ] as const) {
      await waitFor(
        async () => {
          for (const { shop } of shops) {
            const preview = await s.call('statements.preview.v1', {
              partnerId: shop.id,
              from: `${period}-01`,
              to: `${period}-28`,
            });
            if (preview.totals.clubOwesCents !== 500) return false;
          }
          return true;
        },
        { timeoutMs: 20_000 },
      );
      await issue(period);
    }
    for (const { shop } of july) await failedOf('2025-07', shop.id);
    const juneStatement = await failedOf('2025-06', june.shop.id);

    // Only the administrator; a month it understands.
    expect(
      await refusal(
        s.call(
          'statements.statements.resend-failed.v1',
          { period: '2025-07' },
          { actor: companyActor(july[0]!.shop.id) },
        ),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await refusal(s.call('statements.statements.resend-failed.v1', { period: '2025-13' })),
    ).toMatchObject({ message: expect.stringContaining('period must be a month (YYYY-MM)') });

    s.smtp.refuseRecipients((address) => address === june.email);
    expect(await s.call('statements.statements.resend-failed.v1', { period: '2025-07' })).toEqual({
      period: '2025-07',
      retried: 2,
      statements: 2,
    });
    for (const { email } of july)
      await s.smtp.waitForMail((m) => m.recipients.includes(email), { timeoutMs: 30_000 });
    // June's failed e-mail is not July's: still failed, not retried.
    const june2 = await s.call('statements.statements.deliveries.v1', { id: juneStatement.id });
    expect(june2.items).toMatchObject([{ status: 'failed', attempts: 2 }]);
    // Sent now, nothing is left to re-send.
    await waitFor(
      async () => {
        for (const { shop } of july) {
          const statement = (
            await s.call('statements.statements.list.v1', { period: '2025-07', partnerId: shop.id })
          ).items[0]!;
          const { items } = await s.call('statements.statements.deliveries.v1', { id: statement.id });
          if (items[0]?.status !== 'sent') return false;
        }
        return true;
      },
      { timeoutMs: 20_000 },
    );
    expect(await s.call('statements.statements.resend-failed.v1', { period: '2025-07' })).toMatchObject({
      retried: 0,
      statements: 0,
    });
    s.smtp.refuseRecipients(undefined);
  });
});
