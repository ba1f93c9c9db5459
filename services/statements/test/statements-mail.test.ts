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

/** A charge of `amount` cents to a credit at the partner, at the instant `at` (UTC). */
async function charge(amount: number, at: string, partnerId: string): Promise<void> {
  await s.publish('credits.transaction.recorded.v1', {
    transactionId: randomUUID(),
    creditId: randomUUID(),
    partnerId,
    transactionType: 'service',
    amount,
    balanceAfter: 0,
    recordedAt: at,
  });
}
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
    await charge(4200, '2025-09-12T18:00:00Z', shop.id);
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
    await charge(900, '2025-08-12T18:00:00Z', shop.id);
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
