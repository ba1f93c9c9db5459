import { RPC, type ServiceName } from '@avpass/contracts';
import { Migration } from '@mikro-orm/migrations';
import { Injectable, Module, type DynamicModule, type INestMicroservice } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigurationError, loadConfig } from '../src/config/env';
import type { ServiceDatabase } from '../src/database/service-database';
import { Transactions } from '../src/database/transactions';
import { OUTBOX_TABLES_SQL } from '../src/events/outbox-migration';
import { createServiceApp, defineService } from '../src/service/run-service';
import { serviceEnvSchema } from '../src/service/service-config';
import { ServicePlatformModule } from '../src/service/service-platform.module';
import {
  OUTGOING_SMS_TABLE_SQL,
  OutgoingSmsRepository,
  smsEnvRefinement,
  smsEnvShape,
  SmsOutbox,
} from '../src/sms';
import {
  createTestDatabase,
  dropTestNamespace,
  stopServiceApp,
  testServiceEnv,
  TwilioStandIn,
  waitFor,
  type TestDatabase,
} from '../src/testing';

// A service that sends SMS, wired as a real one is (ServicePlatformModule with `sms`, its settings from
// smsEnvShape): a transaction records an SMS, and the relay and worker ServiceLifecycle started send it
// to the Twilio stand-in; the same service without TWILIO_* refuses to send; a partial set cannot start.

class Migration1Tables extends Migration {
  override async up(): Promise<void> {
    for (const sql of [...OUTBOX_TABLES_SQL, ...OUTGOING_SMS_TABLE_SQL]) this.addSql(sql);
  }
}

const probeEnvSchema = serviceEnvSchema.extend(smsEnvShape).superRefine(smsEnvRefinement);
type ProbeConfig = z.infer<typeof probeEnvSchema>;

@Injectable()
class VoucherSmsProbe {
  constructor(
    private readonly transactions: Transactions,
    readonly outbox: SmsOutbox,
    readonly rows: OutgoingSmsRepository,
  ) {}

  send(voucherId: string, to: string) {
    return this.transactions.run((tx) =>
      this.outbox.recordSms(tx, {
        idempotencyKey: `voucher:${voucherId}:sms`,
        to,
        body: `Voucher ${voucherId}`,
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
          name: 'sms_probe' as ServiceName,
          config,
          database,
          entities: [],
          migrations: [{ name: 'Migration1Tables', class: Migration1Tables }],
          healthPattern: RPC.credits.health,
          sms: config,
        }),
      ],
      providers: [VoucherSmsProbe],
    };
  }
}

const probeService = defineService<ProbeConfig>({
  name: 'sms_probe' as ServiceName,
  loadConfig: (env) => loadConfig(probeEnvSchema, env),
  module: (config, database) => ProbeModule.register(config, database),
});

let db: TestDatabase;
let twilio: TwilioStandIn;
const apps: INestMicroservice[] = [];
const namespaces: string[] = [];

const start = async (env: Record<string, string>) => {
  const full = testServiceEnv({ DATABASE_URL: db.url, ...env });
  namespaces.push(full.NATS_NAMESPACE!);
  const app = await createServiceApp(probeService, { env: full });
  apps.push(app);
  return app;
};

beforeAll(async () => {
  db = await createTestDatabase();
  twilio = await TwilioStandIn.start();
});

afterAll(async () => {
  for (const app of apps) await stopServiceApp(app);
  await twilio?.stop();
  await db?.drop();
  for (const namespace of namespaces) await dropTestNamespace(namespace);
});

describe('a service with `sms`', () => {
  it('sends what it records through Twilio', async () => {
    const app = await start({
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+14155550100',
      TWILIO_API_URL: twilio.url,
    });
    const probe = app.get(VoucherSmsProbe);
    expect(probe.outbox.smsEnabled()).toBe(true);
    const { id, recorded } = await probe.send('v-1', '+14155550142');
    expect(recorded).toBe(true);
    const [message] = await waitFor(async () => {
      const messages = await twilio.messagesTo('+14155550142');
      return messages.length ? messages : null;
    });
    expect(message).toMatchObject({ from: '+14155550100', body: 'Voucher v-1' });
    const row = await waitFor(async () => {
      const sms = await probe.rows.findSms(id);
      return sms?.status === 'sent' ? sms : null;
    });
    expect(row.providerId).toBe(message!.sid);
  });

  it('without TWILIO_ settings starts, says SMS is off, and refuses a send', async () => {
    const app = await start({});
    const probe = app.get(VoucherSmsProbe);
    expect(probe.outbox.smsEnabled()).toBe(false);
    await expect(probe.send('v-2', '+14155550143')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'SMS is not configured',
    });
  });

  it('with a partial set of TWILIO_ settings does not start, naming what is missing', async () => {
    const original = console.error;
    console.error = () => undefined;
    try {
      const failure = await start({
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_FROM: '+14155550100',
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ConfigurationError);
      expect((failure as Error).message).toMatch(
        /TWILIO_AUTH_TOKEN: SMS needs all of .* TWILIO_AUTH_TOKEN missing/,
      );
    } finally {
      console.error = original;
    }
  });
});
