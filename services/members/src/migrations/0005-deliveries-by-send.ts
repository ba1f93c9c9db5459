import { Migration } from '@mikro-orm/migrations';

/** A send's progress counts its deliveries (GET /api/members/sends/{id}, decision 340): by send. */
export class Migration0005DeliveriesBySend extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index if not exists member_deliveries_send on member_deliveries (send_id)');
  }
}
