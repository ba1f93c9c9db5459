import { OUTBOX_TABLES_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox and inbox, and `audit_log`: the read model of every service's audit entries (one row per
 * `audit.entry.recorded.v1`, keyed by the entry's id). Pages are keyset by (at desc, id desc), alone or
 * after one equality filter, so each filter has its index in that order: a page at 10,000,000 rows
 * is an index seek with a Limit.
 */
export class Migration0001Initial extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTBOX_TABLES_SQL) this.addSql(sql);
    this.addSql(`create table if not exists audit_log (
      id uuid primary key,
      at timestamptz not null,
      actor_type text not null,
      actor_id text,
      actor_name text,
      actor_role text,
      actor_company_id uuid,
      action text not null,
      target_type text not null,
      target_id text,
      company_id uuid,
      request_id text,
      ip text,
      user_agent text,
      changes jsonb,
      service text not null
    )`);
    this.addSql('create index if not exists audit_log_at on audit_log (at desc, id desc)');
    this.addSql(
      'create index if not exists audit_log_company on audit_log (company_id, at desc, id desc) where company_id is not null',
    );
    this.addSql(
      'create index if not exists audit_log_actor_company on audit_log (actor_company_id, at desc, id desc) where actor_company_id is not null',
    );
    this.addSql('create index if not exists audit_log_actor on audit_log (actor_id, at desc, id desc)');
    this.addSql(
      'create index if not exists audit_log_target on audit_log (target_type, target_id, at desc, id desc)',
    );
    this.addSql('create index if not exists audit_log_action on audit_log (action, at desc, id desc)');
  }
}
