import { OUTGOING_MAIL_TABLE_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/** `outgoing_mail`: the statements e-mailed to the partners' staff (decision 273). */
export class Migration0003OutgoingMail extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTGOING_MAIL_TABLE_SQL) this.addSql(sql);
  }
}
