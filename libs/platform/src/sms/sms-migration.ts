/**
 * DDL of the outgoing_sms table, for a migration of every service that sends SMS (search_path is the
 * service's own schema). A row is one SMS to one number, written in the transaction of the change that
 * sends it (SmsOutbox.recordSms) and sent after commit by the service's SMS worker; its delivery columns
 * are outgoing_mail's (DeliveryStateTable, decision 317), plus the provider's id and error code.
 */
export const OUTGOING_SMS_TABLE_SQL = [
  `create table outgoing_sms (
     id uuid primary key,
     idempotency_key text collate "C" not null,
     recipient text not null,
     body text not null,
     status text not null default 'queued' check (status in ('queued', 'sent', 'delivered', 'failed')),
     attempts integer not null default 0,
     last_error text null,
     error_code integer null,
     provider_id text collate "C" null,
     sent_at timestamptz null,
     delivered_at timestamptz null,
     enqueued_at timestamptz null,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     constraint outgoing_sms_idempotency_key_key unique (idempotency_key)
   )`,
  `create index outgoing_sms_queued_idx on outgoing_sms (enqueued_at nulls first) where status = 'queued'`,
  `create index outgoing_sms_failed_idx on outgoing_sms (idempotency_key) where status = 'failed'`,
  // The status callback names the message by its SID.
  `create unique index outgoing_sms_provider_id_key on outgoing_sms (provider_id) where provider_id is not null`,
];
