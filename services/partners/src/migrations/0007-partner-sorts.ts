import { Migration } from '@mikro-orm/migrations';

/**
 * The partners screen's name sort (issue 27): case-insensitive, ending in the id (the keyset's
 * tie-break), read forwards or backwards for A–Z or Z–A; CompaniesRepository.page uses the same
 * expression, or the index is not used. The creation sort already has companies_created_at_id_idx.
 */
export class Migration0007PartnerSorts extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index companies_name_order_index on companies (lower(name), id)');
  }
}
