import { randomUUID } from 'node:crypto';
import { isPdf, waitFor } from '@avpass/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStatementServices, type StatementServices } from './support/services';

// The statements API (STATEMENTS_MODE=api) issues: it freezes the rows and queues each mail, asking identity
// once per page of partners for their active portal users; only the mail worker (STATEMENTS_MODE=worker),
// a process of its own under npm start and on Kubernetes, renders the PDFs and sends them.
let s: StatementServices;
beforeAll(async () => {
  s = await startStatementServices({ mailWorker: false });
});
afterAll(async () => s?.close());

async function partnerWithStaff(name: string, staff: number) {
  const partner = await s.call('partners.vendors.create.v1', { name });
  const users = [];
  for (let i = 0; i < staff; i++)
    users.push(
      await s.call('partners.users.create.v1', {
        partnerId: partner.id,
        username: `staff-${randomUUID().slice(0, 8)}`,
        password: 'staff-password-1',
        email: `staff-${randomUUID().slice(0, 8)}@${name.toLowerCase().replace(/\W+/g, '-')}.example`,
      }),
    );
  return { partner, users };
}

const mailRows = async () =>
  (
    await s.sql.query<{ recipient: string; status: string }>(
      'select recipient, status from statements.outgoing_mail order by recipient',
    )
  ).rows;

describe('the mail worker apart from the API', () => {
  it('the API queues each active recipient’s mail and sends none; the worker renders and sends them', async () => {
    const alpine = await partnerWithStaff('Alpine Outfitters', 2);
    const harbour = await partnerWithStaff('Harbour Cycles', 1);
    // A deactivated portal user gets no statement.
    await s.call('partners.users.set-active.v1', {
      partnerId: alpine.partner.id,
      userId: alpine.users[1]!.id,
      isActive: false,
    });
    await s.charge(1500, '2025-07-14T10:00:00Z', alpine.partner.id);
    await s.charge(2500, '2025-07-14T10:00:00Z', harbour.partner.id);
    await waitFor(
      async () =>
        (
          await s.call('statements.preview.v1', {
            partnerId: harbour.partner.id,
            from: '2025-07-01',
            to: '2025-07-31',
          })
        ).totals.clubOwesCents === 2500 &&
        (
          await s.call('statements.preview.v1', {
            partnerId: alpine.partner.id,
            from: '2025-07-01',
            to: '2025-07-31',
          })
        ).totals.clubOwesCents === 1500,
      { timeoutMs: 20_000 },
    );

    expect(await s.call('statements.statements.issue.v1', { period: '2025-07' })).toMatchObject({
      issued: 2,
    });
    const wanted = [alpine.users[0]!.email, harbour.users[0]!.email].sort();
    expect((await mailRows()).map((m) => m.recipient).sort()).toEqual(wanted);
    // No worker: the mail stays queued however long we wait.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(s.smtp.mail).toHaveLength(0);
    expect((await mailRows()).map((m) => m.status)).toEqual(['queued', 'queued']);

    await s.startMailWorker();
    for (const email of wanted) {
      const mail = await s.smtp.waitForMail((m) => m.recipients.includes(email!), { timeoutMs: 30_000 });
      expect(isPdf(mail.attachments[0]!.content)).toBe(true);
    }
    await waitFor(async () => (await mailRows()).every((m) => m.status === 'sent'), { timeoutMs: 10_000 });
    expect(s.smtp.mail).toHaveLength(2);
  });
});
