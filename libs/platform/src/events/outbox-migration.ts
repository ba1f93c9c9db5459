/**
 * DDL of the outbox and inbox tables, part of every service's first migration (search_path is the
 * service's own schema).
 */
export const OUTBOX_TABLES_SQL = [
  `create table outbox_events (
     id uuid primary key,
     seq bigserial not null,
     name text not null,
     payload jsonb not null,
     occurred_at timestamptz not null,
     published_at timestamptz null,
     attempts integer not null default 0,
     last_error text null
   )`,
  `create index outbox_events_unpublished_idx on outbox_events (seq) where published_at is null`,
  `create table processed_events (
     consumer text not null,
     event_id uuid not null,
     processed_at timestamptz not null default now(),
     primary key (consumer, event_id)
   )`,
];
