import { OUTBOX_TABLES_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

export class Migration0001Initial extends Migration {
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
