import { Migration } from '@mikro-orm/migrations';

/**
 * The trainer codes table's sorts (issue 27): by the trainer's name (case-insensitive) and by expiry
 * (a code without one as 'infinity'), each ending in the id (the keyset's tie-break) and partial on
 * trainer codes, like qr_codes_trainer_created_at_id_index (TrainersRepository.page uses the same
 * expressions, or the indexes are not used). Neither column is one a redeem changes, so a redeem stays
 * a heap-only update (migration 20261209); the usage sort reads without an index. Small: trainer codes
 * are a few among all codes.
 */
export class Migration0019TrainerSorts extends Migration {
  override async up(): Promise<void> {
    this
      .addSql(`create index qr_codes_trainer_name_order_index on qr_codes (lower(coalesce(trainer_name, '')), id)
      where qr_type = 'trainer'`);
    this.addSql(`create index qr_codes_trainer_expiry_order_index
      on qr_codes ((coalesce(expiration_date, 'infinity'::date)), id) where qr_type = 'trainer'`);
  }
}
