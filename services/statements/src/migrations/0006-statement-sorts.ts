import { Migration } from '@mikro-orm/migrations';

/**
 * The statements tables sort on the server (issue 39): each sort an index within a period (the
 * administrator's screen reads one month) and one across periods, both ending in the id that breaks
 * ties, so every page of every order is one index range (keyset). Statements are written once a
 * month per partner: the indexes cost the monthly issue little.
 */
const SORTS: [string, string][] = [
  ['status', 'status'],
  ['club_owes', 'club_owes_cents'],
  ['partner_owes', 'partner_owes_cents'],
  ['net', '(club_owes_cents - partner_owes_cents)'],
];

export class Migration0006StatementSorts extends Migration {
  override async up(): Promise<void> {
    for (const [name, expression] of SORTS) {
      this.addSql(
        `create index if not exists statements_period_${name} on statements (period, ${expression}, id)`,
      );
      this.addSql(`create index if not exists statements_${name} on statements (${expression}, id)`);
    }
  }
}
