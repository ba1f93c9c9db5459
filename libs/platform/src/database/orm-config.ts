import type { Constructor, Options } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { AuditEntryRow } from '../audit/audit-entry.entity';
import { OutboxEvent } from '../events/outbox-event.entity';
import { ProcessedEvent } from '../events/processed-event.entity';

/**
 * One of a service's migrations, in its list (`src/migrations/index.ts`, in run order). `name` is
 * what MikroORM records in `mikro_orm_migrations`; `formerName`, the name an older database recorded
 * it under before the migrations were numbered (decision 201): the migration runner renames that row.
 */
export interface ServiceMigration {
  name: string;
  class: Constructor<Migration>;
  formerName?: string;
}

export interface OrmConfigInput {
  clientUrl: string;
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  entities: any[];
  migrations: ServiceMigration[];
  debug?: boolean;
}

/**
 * One MikroORM configuration for every service: its own schema, committed migrations listed in code
 * (so they run the same from dist and from tests), and the outbox/inbox tables every service has.
 */
export function ormConfig(input: OrmConfigInput): Options<PostgreSqlDriver> {
  return {
    driver: PostgreSqlDriver,
    clientUrl: input.clientUrl,
    schema: input.schema,
    entities: [...input.entities, OutboxEvent, ProcessedEvent, AuditEntryRow],
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    extensions: [Migrator],
    migrations: {
      tableName: 'mikro_orm_migrations',
      migrationsList: input.migrations,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    pool: { min: 0, max: 10, acquireTimeoutMillis: 5000 },
    debug: input.debug ?? false,
    driverOptions: {
      // Pings keep a pool that lost its server from hanging callers.
      connection: { connectionTimeoutMillis: 5000 },
      // Knex prints "Connection Error: <query> - read ECONNRESET" to stdout for every pooled
      // connection a PostgreSQL outage broke, past LOG_LEVEL and the once-per-outage log (decision
      // 41): the failed query already reports the outage. Other knex warnings still print.
      log: {
        warn(message: string) {
          if (!message.startsWith('Connection Error:')) console.warn(message);
        },
      },
    },
  };
}
