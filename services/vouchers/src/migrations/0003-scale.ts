import { Migration } from '@mikro-orm/migrations';
import { REBUILD_TALLIES_FROM_ROWS_SQL } from '../tallies/tallies-sql.repository';

/**
 * A year of data (issue 11): indexes in every list's order and filter, trigram indexes for the
 * substring search boxes (pg_trgm is created by the privileged bootstrap, ensureServiceSchema), the
 * code's active partners on the code row (so the one-statement redeem sees them under the row lock),
 * and the tallies the dashboards read instead of counting millions of rows. The tallies are filled
 * from the rows here; `npm run stats:rebuild` does the same at any time.
 */
export class Migration0003Scale extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index qr_codes_created_at_id_index on qr_codes (created_at desc, id desc)');
    this.addSql('drop index if exists qr_codes_created_at_index');
    this.addSql('create index qr_codes_batch_id_created_at_index on qr_codes (batch_id, created_at, id)');
    this.addSql('drop index if exists qr_codes_batch_id_index');
    this.addSql(
      'create index qr_codes_clinic_name_trgm_index on qr_codes using gin (clinic_name public.gin_trgm_ops)',
    );
    this.addSql(
      'create index qr_codes_service_trgm_index on qr_codes using gin (service public.gin_trgm_ops)',
    );
    // The admin search also finds a voucher by its page title or batch name (issue 10).
    this.addSql(
      'create index qr_codes_custom_title_trgm_index on qr_codes using gin (custom_title public.gin_trgm_ops)',
    );
    this.addSql(
      'create index qr_codes_batch_name_trgm_index on qr_codes using gin (batch_name public.gin_trgm_ops)',
    );
    this.addSql('create index redemptions_redeemed_at_id_index on redemptions (redeemed_at desc, id desc)');
    this.addSql('drop index if exists redemptions_redeemed_at_index');
    this.addSql(
      'create index redemptions_qr_code_id_redeemed_at_index on redemptions (qr_code_id, redeemed_at desc, id desc)',
    );
    this.addSql('drop index if exists redemptions_qr_code_id_index');
    this.addSql('create index batches_created_at_id_index on batches (created_at desc, id desc)');
    this.addSql('drop index if exists batches_created_at_index');
    this.addSql('create index batches_name_trgm_index on batches using gin (name public.gin_trgm_ops)');
    this.addSql('drop index if exists qr_code_partners_partner_id_index');
    this.addSql(
      'create index qr_code_partners_partner_id_index on qr_code_partners (partner_id, qr_code_id) where is_active',
    );

    this.addSql(`alter table qr_codes add column partner_ids uuid[] not null default '{}'`);

    // Codes: the platform's (scope PLATFORM_SCOPE) and each partner's active assignments.
    this.addSql(`create table code_tallies (scope_id uuid primary key, codes bigint not null default 0)`);
    // Redemptions per business day, platform-wide and per partner; shards spread concurrent redeems.
    this.addSql(`create table redemption_tallies (
      scope_id uuid not null, day date not null, shard smallint not null, redemptions bigint not null default 0,
      primary key (scope_id, day, shard))`);
    // A partner's redemptions per facility (clinic_name): its "locations" are those with any.
    this.addSql(`create table location_tallies (
      partner_id uuid not null, clinic_name text not null, shard smallint not null, redemptions bigint not null default 0,
      primary key (partner_id, clinic_name, shard))`);
    // A batch's redemptions (the sum of its codes' usage).
    this.addSql(`create table batch_tallies (
      batch_id uuid not null references batches (id) on delete cascade, shard smallint not null,
      redeemed bigint not null default 0, primary key (batch_id, shard))`);

    // The migration runs in the service, with its configuration's time zone in the environment.
    const timeZone = (process.env.BUSINESS_TIMEZONE ?? 'America/Los_Angeles').replace(/'/g, "''");
    for (const sql of REBUILD_TALLIES_FROM_ROWS_SQL) this.addSql(sql.replaceAll('$1', `'${timeZone}'`));
  }
}
