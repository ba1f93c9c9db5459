import { Migration } from '@mikro-orm/migrations';

/**
 * The Batches tab's sorts (issue 27): by name (case-insensitive) and by size, each ending in the id
 * (the keyset's tie-break), read forwards or backwards for either direction; BatchesRepository.page
 * uses the same expressions, or the indexes are not used. Nothing updates a batch after its insert.
 */
export class Migration0020BatchSorts extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index batches_name_order_index on batches (lower(name), id)');
    this.addSql('create index batches_count_order_index on batches (count, id)');
  }
}
