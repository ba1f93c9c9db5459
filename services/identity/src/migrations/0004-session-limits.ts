import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 37: a session ends SESSION_IDLE_MINUTES after its last use and SESSION_TTL_HOURS after its
 * sign-in (`expire` no longer slides); a deactivated partner's staff cannot sign in (partner_statuses,
 * kept from the partners service's events).
 */
export class Migration0004SessionLimits extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table sessions add column created_at timestamptz not null default now()');
    this.addSql('alter table sessions add column last_seen_at timestamptz not null default now()');
    this.addSql(`create table partner_statuses (
      company_id uuid primary key,
      is_active boolean not null,
      version integer not null
    )`);
  }
}
