import { MikroORM } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../src/config/env';
import { MigrationRunner } from '../src/database/migration-runner';
import { ormConfig } from '../src/database/orm-config';
import { ensureServiceSchema } from '../src/database/service-database';
import { Transactions } from '../src/database/transactions';
import { OUTBOX_TABLES_SQL } from '../src/events/outbox-migration';
import { DomainError } from '../src/messaging/domain-error';
import {
  OUTGOING_SMS_TABLE_SQL,
  OutgoingSmsRepository,
  SmsOutbox,
  smsPlatformProviders,
  SmsRelay,
  SmsWakeOnCommit,
  SmsWebhooks,
  SmsWorker,
  TwilioSmsProvider,
  type SmsToRecord,
  type TwilioInboundMessage,
  type TwilioSettings,
} from '../src/sms';
import { createTestDatabase, testNamespace, TwilioStandIn, waitFor, type TestDatabase } from '../src/testing';

// The SMS path against the real PostgreSQL, Redis and BullMQ, and a stand-in that speaks Twilio's
// Messages API over real HTTP: a service's outgoing_sms table (OUTGOING_SMS_TABLE_SQL), its relay and
// worker as ServicePlatformModule wires them when a service passes `sms`, and a webhook endpoint that
// hands Twilio's signed callbacks to SmsWebhooks as the owning service will.

class Migration1Tables extends Migration {
  override async up(): Promise<void> {
    for (const sql of [...OUTBOX_TABLES_SQL, ...OUTGOING_SMS_TABLE_SQL]) this.addSql(sql);
  }
}

const SERVICE = 'sms_probe';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const FROM = '+14155550100';
const ATTEMPTS = 3;

let db: TestDatabase;
let orm: MikroORM<PostgreSqlDriver>;
let twilio: TwilioStandIn;
let webhookServer: Server;
let webhookUrl: string;
let webhooks: SmsWebhooks;
let transactions: Transactions;
let rows: OutgoingSmsRepository;
let relay: SmsRelay;
let worker: SmsWorker;
let outbox: SmsOutbox;
let settings: TwilioSettings;
const replies: TwilioInboundMessage[] = [];

/** The owning service's side of the webhooks: the full URL requested, the form, the signature. */
function startWebhooks(): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const request = {
        url: `${webhookUrl}${req.url}`,
        params,
        signature: (req.headers['x-twilio-signature'] as string | undefined) ?? null,
      };
      const handled =
        req.url === '/inbound'
          ? Promise.resolve(request)
              .then((signed) => webhooks.readInboundReply(signed))
              .then((reply) => replies.push(reply))
          : webhooks.applyStatusCallback(request);
      handled.then(
        () => {
          res.writeHead(200, { 'content-type': 'text/xml' });
          res.end('<Response/>');
        },
        (error: unknown) => {
          const code = error instanceof DomainError ? error.code : 'INTERNAL';
          res.writeHead(code === 'FORBIDDEN' ? 403 : code === 'VALIDATION_FAILED' ? 400 : 500);
          res.end((error as Error).message);
        },
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  db = await createTestDatabase();
  const database = await ensureServiceSchema(db.url, SERVICE, 'sms-probe-secret-0123456789');
  orm = await MikroORM.init<PostgreSqlDriver>(
    ormConfig({
      clientUrl: database.url,
      schema: database.schema,
      entities: [],
      migrations: [{ name: 'Migration1Tables', class: Migration1Tables }],
    }),
  );
  await new MigrationRunner(orm).run();

  twilio = await TwilioStandIn.start();
  rows = new OutgoingSmsRepository(orm);
  webhookServer = await startWebhooks();
  webhookUrl = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}`;
  settings = {
    accountSid: twilio.accountSid,
    authToken: twilio.authToken,
    from: FROM,
    apiUrl: twilio.url,
    statusCallbackUrl: `${webhookUrl}/status`,
    timeoutMs: 5000,
  };
  webhooks = new SmsWebhooks(rows, settings);

  const config = {
    SMS_JOB_ATTEMPTS: ATTEMPTS,
    SMS_JOB_BACKOFF_MS: 100,
    SMS_SWEEP_MS: 60_000,
    SMS_CONCURRENCY: 4,
    SMS_RATE_PER_SECOND: 100,
    NATS_NAMESPACE: testNamespace(),
    REDIS_URL,
  };
  relay = new SmsRelay(rows, { config, service: SERVICE });
  worker = new SmsWorker(rows, new TwilioSmsProvider(settings), { config, service: SERVICE });
  transactions = new Transactions(orm.em as never);
  outbox = new SmsOutbox(rows, settings);
  new SmsWakeOnCommit(orm, outbox, relay).onModuleInit();
  worker.start();
  relay.start();
});

afterAll(async () => {
  await worker?.stop();
  await relay?.queue.obliterate({ force: true }).catch(() => undefined);
  await relay?.stop();
  await twilio?.stop();
  webhookServer?.closeAllConnections();
  await new Promise((resolve) => webhookServer?.close(resolve));
  await orm?.close(true);
  await db?.drop();
});

beforeEach(() => twilio.reset());

let n = 0;
const voucherSms = (over: Partial<SmsToRecord> = {}): SmsToRecord => {
  n++;
  return {
    idempotencyKey: `voucher:v${n}:member:m${n}:sms`,
    to: `+1415555${String(1000 + n).padStart(4, '0')}`,
    body: `Your voucher ${n} is ready: https://avpass.test/v/${n}`,
    ...over,
  };
};
const record = (sms: SmsToRecord) => transactions.run((tx) => outbox.recordSms(tx, sms));
const settled = (id: string) =>
  waitFor(
    async () => {
      const row = await rows.findSms(id);
      return row && row.status !== 'queued' ? row : null;
    },
    { timeoutMs: 20_000, message: `sms ${id} sent or failed` },
  );
const attemptsTo = (to: string) => twilio.attempts.filter((a) => a.to === to);

describe('the SMS path', () => {
  it('a recorded SMS reaches the provider once its transaction commits, with its message SID kept', async () => {
    const sms = voucherSms();
    const { id, recorded } = await record(sms);
    expect(recorded).toBe(true);
    const row = await settled(id);
    const [message, ...more] = await twilio.messagesTo(sms.to);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ to: sms.to, from: FROM, body: sms.body, status: 'queued' });
    expect(message!.status_callback).toBe(`${webhookUrl}/status`);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, providerId: message!.sid });
    expect(row.sentAt).not.toBeNull();
  });

  it('a rolled-back transaction records and sends nothing', async () => {
    const sms = voucherSms();
    await expect(
      transactions.run(async (tx) => {
        await outbox.recordSms(tx, sms);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows.findSmsByKey(sms.idempotencyKey)).toBeNull();
    expect(await relay.enqueueOwed()).toBe(0);
    expect(await twilio.messagesTo(sms.to)).toEqual([]);
  });

  it('recording the same key twice sends one SMS', async () => {
    const sms = voucherSms();
    const first = await record(sms);
    const second = await record({ ...sms, body: 'Another text' });
    expect(second).toEqual({ id: first.id, recorded: false });
    await settled(first.id);
    await relay.enqueueOwed();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await twilio.messagesTo(sms.to)).map((m) => m.body)).toEqual([sms.body]);
  });

  it('a batch records each key once (repeats and keys already recorded skipped) and sends each SMS once', async () => {
    const already = voucherSms();
    await settled((await record(already)).id);
    const fresh = [voucherSms(), voucherSms()];
    const recorded = await transactions.run((tx) =>
      outbox.recordSmsBatch(tx, [...fresh, { ...fresh[0]!, body: 'again' }, already]),
    );
    expect(recorded.map((r) => r.idempotencyKey).sort()).toEqual(
      fresh.map((sms) => sms.idempotencyKey).sort(),
    );
    for (const { id } of recorded) expect(await settled(id)).toMatchObject({ status: 'sent' });
    for (const sms of [...fresh, already])
      expect((await twilio.messagesTo(sms.to)).map((m) => m.body)).toEqual([sms.body]);
  });

  it('a 429 is retried no sooner than its Retry-After, then the SMS goes out', async () => {
    twilio.rateLimitNext(1, 1);
    const sms = voucherSms();
    const { id } = await record(sms);
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const [limited, accepted] = attemptsTo(sms.to);
    expect([limited?.status, accepted?.status]).toEqual([429, 201]);
    // The backoff alone would have retried after 100 ms; Twilio asked for a second.
    expect(accepted!.at - limited!.at).toBeGreaterThanOrEqual(1000);
    expect(await twilio.messagesTo(sms.to)).toHaveLength(1);
  });

  it("Twilio's Retry-After holds back the other SMS too, not only the one it refused", async () => {
    twilio.rateLimitNext(1, 1);
    const first = voucherSms();
    const second = voucherSms();
    const { id } = await record(first);
    const [limited] = await waitFor(() => {
      const attempts = attemptsTo(first.to);
      return attempts.length ? attempts : null;
    });
    expect(limited!.status).toBe(429);
    const other = await record(second);
    await Promise.all([settled(id), settled(other.id)]);
    const [accepted] = attemptsTo(second.to);
    expect(accepted!.status).toBe(201);
    expect(accepted!.at - limited!.at).toBeGreaterThanOrEqual(1000);
  });

  it('a 5xx is retried on the backoff, and after its Retry-After when it gives one', async () => {
    twilio.failNext(1, 500);
    twilio.failNext(1, 503, 1);
    const sms = voucherSms();
    const { id } = await record(sms);
    expect(await settled(id)).toMatchObject({ status: 'sent', attempts: 3 });
    const statuses = attemptsTo(sms.to);
    expect(statuses.map((a) => a.status)).toEqual([500, 503, 201]);
    expect(statuses[2]!.at - statuses[1]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('a number Twilio refuses (21211, 21610) fails at once with the reason and code, not retried', async () => {
    for (const [code, text] of [
      [21211, "The 'To' number is not a valid phone number."],
      [21610, 'Attempt to send to unsubscribed recipient'],
    ] as const) {
      const sms = voucherSms();
      twilio.refuseNumber(sms.to, code, text);
      const { id } = await record(sms);
      const row = await settled(id);
      expect(row).toMatchObject({ status: 'failed', attempts: 1, errorCode: code });
      expect(row.lastError).toBe(`Twilio refused it: ${text} (${code})`);
      expect(attemptsTo(sms.to).map((a) => a.status)).toEqual([400]);
    }
  });

  it('retries that run out fail the SMS with the last reason; a re-send then delivers it', async () => {
    twilio.failNext(ATTEMPTS, 500);
    const sms = voucherSms();
    const { id } = await record(sms);
    const failed = await settled(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: ATTEMPTS, errorCode: null });
    expect(failed.lastError).toMatch(/^Twilio answered 500: Internal Server Error \(20500\)/);
    const [listed] = await rows.listFailedSmsByKeyPrefix(`voucher:v${n}:`, null, 10);
    expect(listed?.id).toBe(id);

    expect(await transactions.run((tx) => outbox.retryFailedSms(tx, id))).toBe(true);
    expect(await settled(id)).toMatchObject({ status: 'sent', attempts: ATTEMPTS + 1 });
    expect(await twilio.messagesTo(sms.to)).toHaveLength(1);
  });

  it('wrong credentials are a refusal, not retried', async () => {
    const wrong = new TwilioSmsProvider({ ...settings, authToken: 'x'.repeat(32) });
    await expect(wrong.sendSms({ to: '+14155550999', body: 'hi' })).rejects.toMatchObject({
      name: 'SmsRefusedError',
      code: 20003,
    });
  });

  it("the status callback marks it delivered, or failed with Twilio's error code", async () => {
    const delivered = voucherSms();
    const undelivered = voucherSms();
    const sent = await Promise.all(
      [delivered, undelivered].map(async (sms) => settled((await record(sms)).id)),
    );

    expect(await twilio.sendStatusCallback(sent[0]!.providerId!, 'sent')).toBe(200);
    expect((await rows.findSms(sent[0]!.id))!.status).toBe('sent');
    expect(await twilio.sendStatusCallback(sent[0]!.providerId!, 'delivered')).toBe(200);
    const row = (await rows.findSms(sent[0]!.id))!;
    expect(row.status).toBe('delivered');
    expect(row.deliveredAt).not.toBeNull();

    expect(await twilio.sendStatusCallback(sent[1]!.providerId!, 'undelivered', { errorCode: 30003 })).toBe(
      200,
    );
    expect(await rows.findSms(sent[1]!.id)).toMatchObject({
      status: 'failed',
      lastError: 'Twilio: undelivered (30003)',
      errorCode: 30003,
      deliveredAt: null,
    });
    // A late callback changes nothing.
    expect(await twilio.sendStatusCallback(sent[1]!.providerId!, 'delivered')).toBe(200);
    expect((await rows.findSms(sent[1]!.id))!.status).toBe('failed');
  });

  it('a callback Twilio did not sign is refused with 403 and changes nothing', async () => {
    const sms = voucherSms();
    const row = await settled((await record(sms)).id);
    const forged = 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=';
    expect(await twilio.sendStatusCallback(row.providerId!, 'delivered', { signature: forged })).toBe(403);
    // Twilio's own signature, but of the same callback to another URL (a replay against another endpoint).
    const replayed = { signedFor: `${webhookUrl}/other` };
    expect(await twilio.sendStatusCallback(row.providerId!, 'delivered', replayed)).toBe(403);
    expect((await rows.findSms(row.id))!.status).toBe('sent');
    expect(await twilio.sendStatusCallback(row.providerId!, 'delivered')).toBe(200);
    expect((await rows.findSms(row.id))!.status).toBe('delivered');
  });

  it('a STOP reply is read as an opt-out of its sender, START as an opt-in; unsigned ones are refused', async () => {
    const member = '+14155550177';
    expect(await twilio.sendInbound(`${webhookUrl}/inbound`, { from: member, to: FROM, body: 'STOP' })).toBe(
      200,
    );
    expect(await twilio.sendInbound(`${webhookUrl}/inbound`, { from: member, to: FROM, body: 'start' })).toBe(
      200,
    );
    expect(
      await twilio.sendInbound(`${webhookUrl}/inbound`, {
        from: member,
        to: FROM,
        body: 'STOP',
        signature: 'bad',
      }),
    ).toBe(403);
    expect(replies.map((r) => [r.from, r.intent])).toEqual([
      [member, 'opt-out'],
      [member, 'opt-in'],
    ]);
  });
});

describe('SMS while it is not configured', () => {
  it('a send is refused with "SMS is not configured" and nothing is recorded', async () => {
    const off = new SmsOutbox(rows, null);
    expect(off.smsEnabled()).toBe(false);
    expect(outbox.smsEnabled()).toBe(true);
    const sms = voucherSms();
    const refusal = await transactions.run((tx) => off.recordSms(tx, sms)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      code: 'CONFLICT',
      message: 'SMS is not configured',
      details: { reason: 'sms_not_configured' },
    });
    expect(await rows.findSmsByKey(sms.idempotencyKey)).toBeNull();
    // Webhooks cannot be believed without a token.
    const webhooks = new SmsWebhooks(rows, null);
    expect(() => webhooks.readInboundReply({ url: webhookUrl, params: {}, signature: 'x' })).toThrow(
      'SMS is not configured',
    );
  });

  it('a partial set of TWILIO_ credentials stops the service from starting', () => {
    const options = {
      name: SERVICE,
      config: { REDIS_URL, NATS_NAMESPACE: 'x' },
      sms: { TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_FROM: FROM },
    } as never;
    expect(() => smsPlatformProviders(options)).toThrow(ConfigurationError);
    expect(() => smsPlatformProviders(options)).toThrow(/TWILIO_AUTH_TOKEN missing/);
  });
});
