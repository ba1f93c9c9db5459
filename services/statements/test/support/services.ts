import type { Actor, DomainEvent, EventName } from '@avpass/contracts';
import { EVENTS } from '@avpass/contracts';
import { createServiceApp, eventSubject } from '@avpass/platform';
import { startTestBed, TestSmtpServer, type TestBed } from '@avpass/platform/testing';
import { identityService } from '@avpass/identity-service';
import { partnersService } from '@avpass/partners-service';
import { statementsService } from '@avpass/statements-service';
import type { INestMicroservice } from '@nestjs/common';
import { JSONCodec, connect, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';

export const SUPER_ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };
export const companyActor = (companyId: string): Actor => ({
  userId: randomUUID(),
  role: 'company_admin',
  companyId,
});

export interface StatementServices extends TestBed {
  /** The real SMTP server the service sends through (SMTP_URL). */
  smtp: TestSmtpServer;
  /** The statements app (its providers: the monthly issue worker). */
  statements: INestMicroservice;
  /**
   * With `{ mailWorker: false }`: starts the mail worker (STATEMENTS_MODE=worker) beside the API
   * (STATEMENTS_MODE=api), as npm start and Kubernetes run them.
   */
  startMailWorker(): Promise<INestMicroservice>;
  /** Publishes one event as the owner's outbox relay would (the ledger's input); resolves to its id. */
  publish<N extends EventName>(name: N, payload: DomainEvent<N>['payload']): Promise<string>;
  /**
   * A charge of `amount` cents to an athlete credit at the partner at the instant `at` (UTC), as the
   * credits service's relay publishes it; resolves to its transaction id.
   */
  charge(
    amount: number,
    at: string,
    partnerId: string,
    credit?: { creditId?: string; athleteName?: string },
  ): Promise<string>;
}

/**
 * The statements service, with identity (the partners' portal users it e-mails) and partners (their
 * names), in this process on a fresh database and NATS namespace (real PostgreSQL, Redis and NATS), sending
 * its mail to a real SMTP server. Its input is other services' events: tests publish them with the times they need (a month
 * long past, the last minute before a business midnight).
 */
export async function startStatementServices(
  options: { mailWorker?: boolean; env?: Record<string, string> } = {},
): Promise<StatementServices> {
  let nc: NatsConnection | undefined;
  let statements: INestMicroservice | undefined;
  const smtp = await TestSmtpServer.start();
  const bed = await startTestBed({
    name: 'statements',
    env: { SMTP_URL: smtp.url, MAIL_JOB_BACKOFF_MS: '100', MAIL_JOB_ATTEMPTS: '2', ...options.env },
    defaultActor: SUPER_ADMIN,
    start: async (b) => {
      await b.add(createServiceApp(identityService, { env: b.env }));
      await b.add(createServiceApp(partnersService, { env: b.env }));
      // Without the worker: the API of STATEMENTS_MODE=api, which records and queues mail but sends none.
      const env = options.mailWorker === false ? { ...b.env, STATEMENTS_MODE: 'api' } : b.env;
      statements = await b.add(createServiceApp(statementsService, { env }));
    },
  });
  nc = await connect({ servers: bed.env.NATS_URL! });
  const services: StatementServices = {
    ...bed,
    smtp,
    statements: statements!,
    startMailWorker: () =>
      bed.add(createServiceApp(statementsService, { env: { ...bed.env, STATEMENTS_MODE: 'worker' } })),
    async charge(amount, at, partnerId, credit = {}) {
      const transactionId = randomUUID();
      await services.publish('credits.transaction.recorded.v1', {
        transactionId,
        creditId: credit.creditId ?? randomUUID(),
        partnerId,
        transactionType: 'service',
        amount,
        balanceAfter: 0,
        recordedAt: at,
        ...(credit.athleteName ? { athleteName: credit.athleteName } : {}),
      });
      return transactionId;
    },
    async publish(name, payload) {
      const envelope = {
        id: randomUUID(),
        name,
        occurredAt: new Date().toISOString(),
        payload: EVENTS[name].parse(payload),
      };
      await nc!
        .jetstream()
        .publish(eventSubject(bed.env.NATS_NAMESPACE!, name), JSONCodec().encode(envelope));
      return envelope.id;
    },
    async close() {
      await nc?.drain();
      nc = undefined;
      await bed.close();
      await smtp.stop();
    },
  };
  return services;
}
