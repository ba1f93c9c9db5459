/**
 * DDL of the idempotency_keys table, for a migration of every service whose calls take an
 * `Idempotency-Key` (search_path is the service's own schema). A row exists exactly when the effect it
 * names committed: it is written in the effect's own transaction (libs/platform/src/idempotency).
 */
export const IDEMPOTENCY_TABLES_SQL = [
  `create table idempotency_keys (
     actor_id text not null,
     operation text not null,
     key text not null,
     fingerprint text not null,
     response text null,
     created_at timestamptz not null default now(),
     primary key (actor_id, operation, key)
   )`,
  `create index idempotency_keys_created_at_idx on idempotency_keys (created_at)`,
];
