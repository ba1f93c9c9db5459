import { Migration } from '@mikro-orm/migrations';

/**
 * The partners screen at the size of a real network (issue 12): the page in its order (newest first),
 * trigram indexes for the name / e-mail search box (pg_trgm is created by the privileged bootstrap,
 * ensureServiceSchema) and a GIN index for the category filter (`categories @> '["Retail"]'`).
 */
export class Migration0003Directory extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index companies_created_at_id_idx on companies (created_at desc, id desc)');
    this.addSql('drop index if exists companies_created_at_idx');
    this.addSql('create index companies_name_trgm_idx on companies using gin (name public.gin_trgm_ops)');
    this.addSql(
      'create index companies_email_trgm_idx on companies using gin (lower(email) public.gin_trgm_ops)',
    );
    this.addSql('create index companies_categories_idx on companies using gin (categories jsonb_path_ops)');
    // Which partner still shows an uploaded file (before the gateway deletes it).
    this.addSql('create index companies_logo_url_idx on companies (logo_url) where logo_url is not null');
    this.addSql(
      'create index companies_gallery_photos_idx on companies using gin (gallery_photos jsonb_path_ops)',
    );
  }
}
