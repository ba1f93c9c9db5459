import { RPC, type ServiceName } from '@avpass/contracts';
import { Migration } from '@mikro-orm/migrations';
import { Injectable, Module, type DynamicModule, type INestMicroservice } from '@nestjs/common';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config/env';
import type { ServiceDatabase } from '../src/database/service-database';
import { Transactions } from '../src/database/transactions';
import { OUTBOX_TABLES_SQL } from '../src/events/outbox-migration';
import { mailEnvShape, MailOutbox, MailProviders, OUTGOING_MAIL_TABLE_SQL } from '../src/mail';
import { createServiceApp, defineService } from '../src/service/run-service';
import { serviceEnvSchema } from '../src/service/service-config';
import { ServicePlatformModule } from '../src/service/service-platform.module';
import {
  createTestDatabase,
  dropTestNamespace,
  isPdf,
  stopServiceApp,
  testServiceEnv,
  TestSmtpServer,
  type TestDatabase,
} from '../src/testing';

// A service that sends mail, wired as a real one is (ServicePlatformModule with `mail`, its settings
// from mailEnvShape): its provider registers an attachment kind at start-up, a transaction records a
// mail, and the relay and worker that ServiceLifecycle started send it to a real SMTP server.

class Migration1Tables extends Migration {
  override async up(): Promise<void> {
    for (const sql of [...OUTBOX_TABLES_SQL, ...OUTGOING_MAIL_TABLE_SQL]) this.addSql(sql);
  }
}

const probeEnvSchema = serviceEnvSchema.extend(mailEnvShape);
type ProbeConfig = z.infer<typeof probeEnvSchema>;

/** What a statements service will do: register its PDF at start-up, record a mail with its change. */
@Injectable()
class StatementMailProbe {
  constructor(
    private readonly transactions: Transactions,
    private readonly outbox: MailOutbox,
    providers: MailProviders,
  ) {
    providers.registerAttachment('statement-pdf', async (id) => ({
      filename: `statement-${id}.pdf`,
      contentType: 'application/pdf',
      content: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'),
    }));
  }

  issue(statementId: string, to: string) {
    return this.transactions.run((tx) =>
      this.outbox.recordMail(tx, {
        idempotencyKey: `statement:${statementId}:rev:1:to:${to}`,
        to,
        subject: 'Your November statement',
        text: 'Attached.',
        attachments: [{ kind: 'statement-pdf', id: statementId }],
      }),
    );
  }
}

@Module({})
class ProbeModule {
  static register(config: ProbeConfig, database: ServiceDatabase): DynamicModule {
    return {
      module: ProbeModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'mail_probe' as ServiceName,
          config,
          database,
          entities: [],
          migrations: [{ name: 'Migration1Tables', class: Migration1Tables }],
          healthPattern: RPC.credits.health,
          mail: config,
        }),
      ],
      providers: [StatementMailProbe],
    };
  }
}

const probeService = defineService<ProbeConfig>({
  name: 'mail_probe' as ServiceName,
  loadConfig: (env) => loadConfig(probeEnvSchema, env),
  module: (config, database) => ProbeModule.register(config, database),
});

let db: TestDatabase;
let smtp: TestSmtpServer;
let app: INestMicroservice;
let namespace: string;

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await TestSmtpServer.start();
  const env = testServiceEnv({
    DATABASE_URL: db.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'AV Pass <mail@avpass.test>',
  });
  namespace = env.NATS_NAMESPACE!;
  app = await createServiceApp(probeService, { env });
});

afterAll(async () => {
  if (app) await stopServiceApp(app);
  await smtp?.stop();
  await db?.drop();
  if (namespace) await dropTestNamespace(namespace);
});

it('a service with `mail` sends what it records, with the attachment its provider makes', async () => {
  const { recorded } = await app.get(StatementMailProbe).issue('s-1', 'staff@partner.test');
  expect(recorded).toBe(true);
  const mail = await smtp.waitForMail();
  expect(mail).toMatchObject({ recipients: ['staff@partner.test'], subject: 'Your November statement' });
  expect(mail.from).toBe('mail@avpass.test');
  expect(isPdf(mail.attachments[0]!.content)).toBe(true);
});
