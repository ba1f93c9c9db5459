import type { RpcSubject, ServiceName } from '@avpass/contracts';
import type { Type } from '@nestjs/common';
import type { OrmConfigInput } from '../database/orm-config';
import type { ServiceDatabase } from '../database/service-database';
import type { EventSubscriber } from '../events/event-consumer';
import type { MailConfig, MailRole } from '../mail/mail-config';
import type { SmsConfig } from '../sms/sms-config';
import type { ServiceConfig } from './service-config';

export interface ServicePlatformOptions {
  name: ServiceName;
  config: ServiceConfig;
  database: ServiceDatabase;
  entities: OrmConfigInput['entities'];
  migrations: OrmConfigInput['migrations'];
  healthPattern: RpcSubject;
  /**
   * Event subscribers this service runs: providers of the service's own module (so they can use its
   * repositories), implementing EventSubscriber.
   */
  subscribers?: Type<EventSubscriber>[];
  redis?: boolean;
  /** The append-only audit table its retention job purges (default `audit_entries`). */
  auditTable?: 'audit_entries' | 'audit_log';
  /**
   * A service that sends mail passes its mail settings (mailEnvShape in its config schema) and has an
   * outgoing_mail table (OUTGOING_MAIL_TABLE_SQL): it then injects MailOutbox and MailProviders, and its
   * mail relay and worker run with it (libs/platform/src/mail).
   */
  mail?: MailConfig;
  /**
   * What of the mail path runs in this process (default `all`): a service that renders attachments in
   * a worker process of its own runs `relay` in its API and `worker` in the worker (STATEMENTS_MODE).
   */
  mailRole?: MailRole;
  /**
   * A service that sends SMS passes its SMS settings (smsEnvShape in its config schema) and has an
   * outgoing_sms table (OUTGOING_SMS_TABLE_SQL): it then injects SmsOutbox and SmsWebhooks, and its SMS
   * relay and worker run with it while TWILIO_* are set (libs/platform/src/sms).
   */
  sms?: SmsConfig;
}
