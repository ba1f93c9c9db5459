import { MikroORM } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { MAIL_JOB_NAME } from '@avpass/contracts';
import { Client } from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MigrationRunner } from '../src/database/migration-runner';
import { ormConfig } from '../src/database/orm-config';
import { ensureServiceSchema } from '../src/database/service-database';
import { Transactions } from '../src/database/transactions';
import { OUTBOX_TABLES_SQL } from '../src/events/outbox-migration';
import {
  MailOutbox,
  MailProviders,
  MailRelay,
  MailWakeOnCommit,
  MailWorker,
  OUTGOING_MAIL_TABLE_SQL,
  OutgoingMailRepository,
  type MailToRecord,
} from '../src/mail';
import {
  createTestDatabase,
  isPdf,
  TcpProxy,
  testNamespace,
  TestSmtpServer,
  waitFor,
  type TestDatabase,
} from '../src/testing';

// The mail path against the real PostgreSQL, Redis and an SMTP server in this process: a service's
// outgoing_mail table (OUTGOING_MAIL_TABLE_SQL in its migration), its relay and worker as
// ServicePlatformModule wires them when a service passes `mail`, and a test-only attachment provider.

class Migration1Tables extends Migration {
  override async up(): Promise<void> {
    for (const sql of [...OUTBOX_TABLES_SQL, ...OUTGOING_MAIL_TABLE_SQL]) this.addSql(sql);
  }
}

const SERVICE = 'mail_probe';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const FROM = 'AV Pass <no-reply@avpass.test>';
const ATTEMPTS = 3;

/** A one-page PDF (objects, cross-reference table and trailer), as a statement's provider would make one. */
const pdf = async (title: string): Promise<Buffer> => {
  const text = `BT /F1 18 Tf 72 760 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

let db: TestDatabase;
let orm: MikroORM<PostgreSqlDriver>;
let asAdmin: Client;
let smtp: TestSmtpServer;
/** The SMTP server as the worker reaches it (cut to make it "down"). */
let smtpProxy: TcpProxy;
/** Redis as the relay reaches it (cut to make it "down" when a mail is recorded). */
let redisProxy: TcpProxy;
let transactions: Transactions;
let mails: OutgoingMailRepository;
let relay: MailRelay;
let worker: MailWorker;
let outbox: MailOutbox;
const statementsRendered: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const database = await ensureServiceSchema(db.url, SERVICE, 'mail-probe-secret-0123456789');
  orm = await MikroORM.init<PostgreSqlDriver>(
    ormConfig({
      clientUrl: database.url,
      schema: database.schema,
      entities: [],
      migrations: [{ name: 'Migration1Tables', class: Migration1Tables }],
    }),
  );
  await new MigrationRunner(orm).run();
  asAdmin = new Client({ connectionString: db.url });
  await asAdmin.connect();
  await asAdmin.query(`set search_path = ${database.schema}`);

  smtp = await TestSmtpServer.start();
  smtpProxy = new TcpProxy('127.0.0.1', smtp.port);
  await smtpProxy.start();
  const redis = new URL(REDIS_URL);
  redisProxy = new TcpProxy(redis.hostname, Number(redis.port || 6379));
  await redisProxy.start();

  const namespace = testNamespace();
  const config = {
    SMTP_URL: `smtp://127.0.0.1:${smtpProxy.port}`,
    MAIL_FROM: FROM,
    MAIL_JOB_ATTEMPTS: ATTEMPTS,
    MAIL_JOB_BACKOFF_MS: 100,
    // Long enough that a mail sent within a test went by the commit's kick, except where a test sweeps.
    MAIL_SWEEP_MS: 60_000,
    NATS_NAMESPACE: namespace,
  };
  mails = new OutgoingMailRepository(orm);
  const providers = new MailProviders();
  providers.registerAttachment('statement-pdf', async (id) => {
    statementsRendered.push(id);
    if (id === 'gone') return null;
    return { filename: `statement-${id}.pdf`, contentType: 'application/pdf', content: await pdf(id) };
  });
  providers.registerTemplate('statement-issued', (params) => ({
    text: `Your statement for ${String(params.period)} is ready.`,
    html: `<p>Your statement for <b>${String(params.period)}</b> is ready.</p>`,
  }));
  relay = new MailRelay(mails, {
    config: { ...config, REDIS_URL: `redis://127.0.0.1:${redisProxy.port}` },
    service: SERVICE,
  });
  worker = new MailWorker(mails, providers, { config: { ...config, REDIS_URL }, service: SERVICE });
  transactions = new Transactions(orm.em as never);
  outbox = new MailOutbox(mails);
  new MailWakeOnCommit(orm, outbox, relay).onModuleInit();
  worker.start();
  relay.start();
});

afterAll(async () => {
  await worker?.stop();
  await relay?.queue.obliterate({ force: true }).catch(() => undefined);
  await relay?.stop();
  await smtp?.stop();
  smtpProxy?.cut();
  redisProxy?.cut();
  await asAdmin?.end();
  await orm?.close(true);
  await db?.drop();
});

beforeEach(() => {
  smtp.refuseRecipients(undefined);
  smtpProxy.restore();
  redisProxy.restore();
});

let n = 0;
const statementMail = (over: Partial<MailToRecord> = {}): MailToRecord => {
  n++;
  return {
    idempotencyKey: `statement:s${n}:rev:1:to:u${n}`,
    to: `staff${n}@partner.test`,
    subject: `Statement November 2026 (${n})`,
    template: 'statement-issued',
    params: { period: 'November 2026' },
    attachments: [{ kind: 'statement-pdf', id: `s${n}` }],
    ...over,
  };
};
const record = (mail: MailToRecord) => transactions.run((tx) => outbox.recordMail(tx, mail));
const settled = (id: string) =>
  waitFor(
    async () => {
      const row = await mails.findMail(id);
      return row && row.status !== 'queued' ? row : null;
    },
    { timeoutMs: 20_000, message: `mail ${id} sent or failed` },
  );

describe('the mail path', () => {
  it('a recorded mail arrives once its transaction commits: recipient, subject, body, a PDF attached', async () => {
    const kick = vi.spyOn(relay, 'kick');
    const mail = statementMail();
    const { id, recorded } = await record(mail);
    expect(recorded).toBe(true);
    // The commit, not the sweep, queued it.
    expect(kick).toHaveBeenCalledTimes(1);
    kick.mockRestore();

    const caught = await smtp.waitForMail((m) => m.recipients.includes(mail.to));
    expect(caught.subject).toBe(mail.subject);
    expect(caught.to).toEqual([mail.to]);
    expect(caught.from).toBe('no-reply@avpass.test');
    expect(caught.text.trim()).toBe('Your statement for November 2026 is ready.');
    expect(caught.html).toContain('<b>November 2026</b>');
    expect(caught.attachments).toHaveLength(1);
    expect(caught.attachments[0]!.filename).toBe(`statement-s${n}.pdf`);
    expect(caught.attachments[0]!.contentType).toBe('application/pdf');
    expect(isPdf(caught.attachments[0]!.content)).toBe(true);
    expect(caught.messageId).toBe(`<${id}@avpass.test>`);

    const row = await settled(id);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      messageId: `<${id}@avpass.test>`,
    });
    expect(row.sentAt).not.toBeNull();
  });

  it('recording the same key twice sends one mail', async () => {
    const mail = statementMail({ template: undefined, text: 'Hello', attachments: [] });
    const first = await record(mail);
    const second = await record({ ...mail, subject: 'Another subject' });
    expect(second).toEqual({ id: first.id, recorded: false });
    await settled(first.id);
    // The sweep would queue it again only if it were still queued; give a stray second job time to land.
    await relay.enqueueOwedMail();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mailTo(mail.to).map((m) => m.subject)).toEqual([mail.subject]);
    const listed = await mails.listMailByKeyPrefix(mail.idempotencyKey.replace(/rev:1:.*$/, ''));
    expect(listed.map((m) => m.id)).toEqual([first.id]);
  });

  it('a rolled-back transaction records nothing', async () => {
    const mail = statementMail();
    await expect(
      transactions.run(async (tx) => {
        await outbox.recordMail(tx, mail);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await mails.findMailByKey(mail.idempotencyKey)).toBeNull();
  });

  it('a recipient the server refuses is retried, then failed with the server’s reason', async () => {
    const mail = statementMail();
    smtp.refuseRecipients((address) => address === mail.to);
    const { id } = await record(mail);
    const row = await settled(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(ATTEMPTS);
    expect(row.lastError).toMatch(/550.*Recipient address rejected/);
    expect(smtp.mailTo(mail.to)).toEqual([]);
    // The admin's screen reads it by the statement's prefix.
    const [listed] = await mails.listMailByKeyPrefix(`statement:s${n}:`);
    expect(listed).toMatchObject({ id, status: 'failed', recipient: mail.to });
  });

  it('a server that is down is retried: the mail goes out once it is back', async () => {
    smtpProxy.cut();
    const mail = statementMail();
    const { id } = await record(mail);
    const failedOnce = await waitFor(async () => ((await mails.findMail(id))!.attempts >= 1 ? true : null), {
      message: 'a first attempt failed',
    });
    expect(failedOnce).toBe(true);
    expect((await mails.findMail(id))!.lastError).toMatch(/ECONNREFUSED|connect/i);
    smtpProxy.restore();
    const row = await settled(id);
    expect(row.status).toBe('sent');
    expect(smtp.mailTo(mail.to)).toHaveLength(1);
  });

  it('a missing attachment fails the mail at once, without retries', async () => {
    const { id } = await record(statementMail({ attachments: [{ kind: 'statement-pdf', id: 'gone' }] }));
    const row = await settled(id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'attachment statement-pdf gone is gone',
    });
  });

  it('a mail recorded while Redis is away goes out once Redis is back', async () => {
    redisProxy.cut();
    const mail = statementMail();
    const { id } = await record(mail);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await mails.findMail(id))!.status).toBe('queued');
    redisProxy.restore();
    expect((await settled(id)).status).toBe('sent');
    expect(smtp.mailTo(mail.to)).toHaveLength(1);
  });

  it('a committed mail whose job was lost is queued again by the sweep', async () => {
    const mail = statementMail();
    // As if its job had been queued a while ago and lost with Redis: no kick, no job.
    const { id } = await transactions.run((tx) => mails.insertMail(tx, { ...mail, to: mail.to }));
    await asAdmin.query(`update outgoing_mail set enqueued_at = now() - interval '2 minutes' where id = $1`, [
      id,
    ]);
    expect(await relay.queue.getJob(`mail-${id}`)).toBeUndefined();
    await relay.enqueueOwedMail();
    expect((await settled(id)).status).toBe('sent');
    expect(smtp.mailTo(mail.to)).toHaveLength(1);
  });
  it("the sweep leaves a queued mail's job that is still waiting its turn as it is (a long send's backlog)", async () => {
    const mail = statementMail({ template: undefined, text: 'Hello', attachments: [] });
    // As if its job had been queued a minute ago and still waited behind a long send (here: delayed).
    const { id } = await transactions.run((tx) => mails.insertMail(tx, { ...mail, to: mail.to }));
    await relay.queue.add(MAIL_JOB_NAME, { mailId: id }, { jobId: `mail-${id}`, delay: 60_000 });
    const waiting = (await relay.queue.getJob(`mail-${id}`))!;
    const addBulk = vi.spyOn(relay.queue, 'addBulk');
    try {
      await asAdmin.query(
        `update outgoing_mail set enqueued_at = now() - interval '2 minutes' where id = $1`,
        [id],
      );
      await relay.enqueueOwedMail();
      // Claimed again by the sweep (its enqueued_at moves on), but its job is the same one, still
      // delayed: not removed, and not queued a second time.
      const ids = addBulk.mock.calls.flatMap(([jobs]) => jobs.map((job) => job.opts?.jobId));
      expect(ids).not.toContain(`mail-${id}`);
      const after = (await relay.queue.getJob(`mail-${id}`))!;
      expect(await after.getState()).toBe('delayed');
      expect(after.timestamp).toBe(waiting.timestamp);
      const row = await asAdmin.query(
        `select enqueued_at > now() - interval '1 minute' as fresh from outgoing_mail where id = $1`,
        [id],
      );
      expect(row.rows[0].fresh).toBe(true);
    } finally {
      addBulk.mockRestore();
    }
    // Its turn comes: the mail goes out once.
    await (await relay.queue.getJob(`mail-${id}`))!.promote();
    expect((await settled(id)).status).toBe('sent');
    expect(smtp.mailTo(mail.to)).toHaveLength(1);
  });

  it('a queued mail whose job ended without saying so gets a new job from the sweep', async () => {
    const mail = statementMail({ template: undefined, text: 'Hello', attachments: [] });
    const { id } = await record(mail);
    await settled(id);
    // As if the row's update had been lost after its job completed: the job id is still taken in Redis.
    await asAdmin.query(
      `update outgoing_mail set status = 'queued', enqueued_at = now() - interval '2 minutes' where id = $1`,
      [id],
    );
    expect(await (await relay.queue.getJob(`mail-${id}`))!.isCompleted()).toBe(true);
    await relay.enqueueOwedMail();
    expect((await settled(id)).status).toBe('sent');
    expect(smtp.mailTo(mail.to)).toHaveLength(2);
  });
});
