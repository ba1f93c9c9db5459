// member_send_tallies from the rows: migration 0006, the triggers that keep it and `npm run
// stats:rebuild`. SQL only (no imports: the tool loads it from dist without the service's
// dependencies): named *.repository.ts, as only repositories hold SQL (avpass/repositories-only).

/** Shards per send: the workers marking one send's messages at once spread over this many rows. */
export const SEND_TALLY_SHARDS = 8;

/** A delivery's shard, from its id (`& 7`, not `abs() %`: hashtext may be -2^31). */
const shardOf = (id: string) => `(hashtext(${id}::text) & ${SEND_TALLY_SHARDS - 1})::smallint`;

/** The state of each delivery of `rows` (a table or a transition table): its outgoing row's status. */
const stateOfRows = (rows: string) => `
  select r.send_id, ${shardOf('r.id')} as shard, coalesce(m.status, s.status) as status
    from ${rows} r
    left join outgoing_mail m on r.channel = 'email' and m.id = r.outgoing_id
    left join outgoing_sms s on r.channel = 'sms' and s.id = r.outgoing_id`;

/** Signed counts per state of the deliveries of `rows`. */
const signedStates = (rows: string, sign: number) => `
  select send_id, shard, ${sign} * (status = 'queued')::int as queued, ${sign} * (status = 'sent')::int as sent,
         ${sign} * (status = 'delivered')::int as delivered, ${sign} * (status = 'failed')::int as failed
    from (${stateOfRows(rows)}) x`;

/**
 * A status move of outgoing rows (`old_rows` → `new_rows` of one channel's table, `moved_channel`):
 * one out of the delivery's old state, one into its new one. An update that moves no status (a
 * relay's claim) joins nothing and writes nothing.
 */
const statusMoves = `
  select d.send_id, ${shardOf('d.id')} as shard,
         (n.status = 'queued')::int - (o.status = 'queued')::int as queued,
         (n.status = 'sent')::int - (o.status = 'sent')::int as sent,
         (n.status = 'delivered')::int - (o.status = 'delivered')::int as delivered,
         (n.status = 'failed')::int - (o.status = 'failed')::int as failed
    from new_rows n join old_rows o on o.id = n.id and o.status is distinct from n.status
    join member_deliveries d on d.outgoing_id = n.id and d.channel = moved_channel`;

/** Adds summed deltas (one of the selects above) to the tallies, in key order (no writer deadlocks). */
const applySql = (deltas: string) => `
  insert into member_send_tallies as t (send_id, shard, queued, sent, delivered, failed)
  select send_id, shard, sum(queued), sum(sent), sum(delivered), sum(failed) from (${deltas}) d
   group by 1, 2
  having sum(queued) <> 0 or sum(sent) <> 0 or sum(delivered) <> 0 or sum(failed) <> 0
   order by 1, 2
  on conflict (send_id, shard) do update
    set queued = t.queued + excluded.queued, sent = t.sent + excluded.sent,
        delivered = t.delivered + excluded.delivered, failed = t.failed + excluded.failed`;

/** The table, the index a status move finds its delivery by, the trigger functions and triggers. */
export const SEND_TALLY_SQL: readonly string[] = [
  `create table member_send_tallies (
     send_id uuid not null,
     shard smallint not null check (shard >= 0 and shard < ${SEND_TALLY_SHARDS}),
     queued bigint not null default 0,
     sent bigint not null default 0,
     delivered bigint not null default 0,
     failed bigint not null default 0,
     primary key (send_id, shard))`,
  'create index if not exists member_deliveries_outgoing on member_deliveries (outgoing_id)',
  `create function member_send_tally_deliveries() returns trigger language plpgsql
     set search_path from current as $$
     begin
       if tg_op = 'INSERT' then
         ${applySql(signedStates('new_rows', 1))};
       else
         ${applySql(signedStates('old_rows', -1))};
       end if;
       return null;
     end $$`,
  `create function member_send_tally_outgoing() returns trigger language plpgsql
     set search_path from current as $$
     declare
       moved_channel text := case tg_table_name when 'outgoing_mail' then 'email' else 'sms' end;
     begin
       ${applySql(statusMoves)};
       return null;
     end $$`,
  `create trigger member_deliveries_send_tally_insert after insert on member_deliveries
     referencing new table as new_rows for each statement execute function member_send_tally_deliveries()`,
  `create trigger member_deliveries_send_tally_delete after delete on member_deliveries
     referencing old table as old_rows for each statement execute function member_send_tally_deliveries()`,
  `create trigger outgoing_mail_send_tally after update on outgoing_mail
     referencing old table as old_rows new table as new_rows
     for each statement execute function member_send_tally_outgoing()`,
  `create trigger outgoing_sms_send_tally after update on outgoing_sms
     referencing old table as old_rows new table as new_rows
     for each statement execute function member_send_tally_outgoing()`,
  // Enabled always: an import in replica mode keeps the tally too.
  'alter table member_deliveries enable always trigger member_deliveries_send_tally_insert',
  'alter table member_deliveries enable always trigger member_deliveries_send_tally_delete',
  'alter table outgoing_mail enable always trigger outgoing_mail_send_tally',
  'alter table outgoing_sms enable always trigger outgoing_sms_send_tally',
];

/** The tallies counted from the rows (the migration's backfill, into an empty table). */
export const SEND_TALLIES_FROM_ROWS_SQL = `
  insert into member_send_tallies (send_id, shard, queued, sent, delivered, failed)
  select send_id, shard, sum(queued), sum(sent), sum(delivered), sum(failed)
    from (${signedStates('member_deliveries', 1)}) d
   group by 1, 2 order by 1, 2`;

/**
 * The sends whose tally disagrees with their deliveries counted by state (at most $1): what `npm run
 * stats:rebuild` names and refuses. Counts by send, so a shard moved by hand is not a difference.
 */
export const SEND_TALLY_MISMATCHES_SQL = `with counted as (
    select send_id, sum(queued)::int as queued, sum(sent)::int as sent, sum(delivered)::int as delivered,
           sum(failed)::int as failed
      from (${signedStates('member_deliveries', 1)}) d group by send_id
  ), tallied as (
    select send_id, sum(queued)::int as queued, sum(sent)::int as sent, sum(delivered)::int as delivered,
           sum(failed)::int as failed
      from member_send_tallies group by send_id
  )
  select coalesce(t.send_id, c.send_id) as "sendId",
         json_build_object('queued', t.queued, 'sent', t.sent, 'delivered', t.delivered, 'failed', t.failed) as tallied,
         json_build_object('queued', coalesce(c.queued, 0), 'sent', coalesce(c.sent, 0),
                           'delivered', coalesce(c.delivered, 0), 'failed', coalesce(c.failed, 0)) as counted
    from tallied t full join counted c on c.send_id = t.send_id
   where (coalesce(t.queued, 0), coalesce(t.sent, 0), coalesce(t.delivered, 0), coalesce(t.failed, 0))
         is distinct from (coalesce(c.queued, 0), coalesce(c.sent, 0), coalesce(c.delivered, 0), coalesce(c.failed, 0))
   order by 1
   limit $1`;
