import { OUTBOX_TABLES_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';
import { Migration20261206Audit } from './migration-20261206-audit';
import { Migration20261207AuditRetention } from './migration-20261207-audit-retention';
import { Migration20261230SessionLimits } from './migration-20261230-session-limits';
import { Migration20261231UsernamePrefix } from './migration-20261231-username-prefix';

export class Migration20261121Initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table users (
      id uuid primary key,
      username text not null,
      email text null,
      password_hash text not null,
      role text not null default 'company_admin' check (role in ('super_admin', 'company_admin')),
      company_id uuid null,
      first_name text null,
      last_name text null,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      last_login timestamptz null
    )`);
    this.addSql('create unique index users_username_key on users (lower(username))');
    this.addSql('create unique index users_email_key on users (lower(email)) where email is not null');
    this.addSql('create index users_company_idx on users (company_id)');
    this.addSql(`create table sessions (
      sid text primary key,
      sess jsonb not null,
      expire timestamptz not null,
      user_id uuid not null references users (id) on delete cascade
    )`);
    this.addSql('create index sessions_user_idx on sessions (user_id)');
    this.addSql('create index sessions_expire_idx on sessions (expire)');
    for (const sql of OUTBOX_TABLES_SQL) this.addSql(sql);
  }
}

export const migrations = [
  { name: 'Migration20261121Initial', class: Migration20261121Initial },
  { name: 'Migration20261206Audit', class: Migration20261206Audit },
  { name: 'Migration20261207AuditRetention', class: Migration20261207AuditRetention },
  { name: 'Migration20261230SessionLimits', class: Migration20261230SessionLimits },
  { name: 'Migration20261231UsernamePrefix', class: Migration20261231UsernamePrefix },
];
