import { OUTGOING_MAIL_FAILED_INDEX_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/** The failed e-mails by key: the administrator's "Re-send failed e-mails" of a month pages through them. */
export class Migration0007FailedMailIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(OUTGOING_MAIL_FAILED_INDEX_SQL);
  }
}
