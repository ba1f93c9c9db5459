import { Migration } from '@mikro-orm/migrations';

/**
 * The ledger's status filter (issue 27): the voided transactions, newest or oldest first, are few
 * among many, so they get their own partial index rather than a walk of the whole ledger. A void (a
 * rare act of the administrator) then also writes this index; the till's charge does not touch it.
 */
export class Migration0008LedgerVoidedIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create index if not exists credit_transactions_voided_created_at_index on credit_transactions (created_at desc, id desc) where voided_at is not null',
    );
  }
}
