import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 37: a partner's activation changes are events (partners.partner.status-changed.v1) ordered by
 * `status_version`. Partners deactivated before this migration are announced once, through the outbox,
 * so identity refuses their staff from the start (decision 161).
 */
export class Migration0008PartnerStatusVersion extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table companies add column status_version integer not null default 0');
    this.addSql('update companies set status_version = 1 where not is_active');
    this.addSql(`insert into outbox_events (id, name, payload, occurred_at)
      select gen_random_uuid(), 'partners.partner.status-changed.v1',
             jsonb_build_object('partnerId', id, 'isActive', false, 'version', 1), now()
        from companies where not is_active`);
  }
}
