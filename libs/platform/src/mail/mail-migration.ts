/**
 * DDL of the outgoing_mail table, for a migration of every service that sends mail (search_path is the
 * service's own schema). A row is one mail to one recipient, written in the transaction of the change
 * that sends it (MailOutbox.recordMail) and sent after commit by the service's mail worker. Attachments
 * are references (`[{kind, id}]`) that the worker turns into bytes through the service's providers.
 */
export const OUTGOING_MAIL_TABLE_SQL = [
  `create table outgoing_mail (
     id uuid primary key,
     idempotency_key text collate "C" not null,
     recipient text not null,
     subject text not null,
     text_body text null,
     html_body text null,
     template text null,
     params jsonb null,
     attachments jsonb not null default '[]',
     headers jsonb null,
     status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
     attempts integer not null default 0,
     last_error text null,
     message_id text null,
     sent_at timestamptz null,
     enqueued_at timestamptz null,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     constraint outgoing_mail_idempotency_key_key unique (idempotency_key),
     constraint outgoing_mail_has_body check (text_body is not null or html_body is not null or template is not null)
   )`,
  `create index outgoing_mail_queued_idx on outgoing_mail (enqueued_at nulls first) where status = 'queued'`,
];

/**
 * The failed mails alone, by key (few: an administrator's bulk re-send pages through them without reading
 * every mail ever sent). A later migration of each service that sends mail.
 */
export const OUTGOING_MAIL_FAILED_INDEX_SQL = `create index outgoing_mail_failed_idx on outgoing_mail (idempotency_key)
  where status = 'failed'`;
