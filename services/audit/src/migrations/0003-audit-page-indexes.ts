import { Migration } from '@mikro-orm/migrations';

/**
 * Two pages that read a whole filter's entries at 10,000,000 (bench:scale, its audit section):
 *
 * - What a company_admin reads through its staff only — their entries not about the company, the second
 *   branch of visibleEntriesSql — was found in audit_log_actor_company by reading all its staff's
 *   entries and filtering, though nearly all of them are about the company: a company whose staff never
 *   touched anything else read every one of them on every page for an empty branch (seconds). Those few
 *   entries get a partial index of their own (audit_log_actor_company had no other reader). The branch
 *   names the index's predicate, STAFF_ELSEWHERE: `company_id is distinct from actor_company_id` written
 *   as an expression the statistics below can count (the planner takes a comparison of two columns for
 *   true almost always, and then preferred reading a whole action's entries to this tiny index).
 * - A person and an action together (the /audit filters) read every entry of the person, or of the
 *   action, when the pair is rare or never occurs: (actor_id, action, at, id) seeks to the pair.
 */
const STAFF_ELSEWHERE = 'coalesce(company_id <> actor_company_id, actor_company_id is not null)';

export class Migration0003AuditPageIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index if not exists audit_log_staff_elsewhere on audit_log (actor_company_id, at desc, id desc)
         where ${STAFF_ELSEWHERE}`,
    );
    this.addSql(
      `create statistics if not exists audit_log_staff_elsewhere_stats on (${STAFF_ELSEWHERE}) from audit_log`,
    );
    this.addSql('drop index if exists audit_log_actor_company');
    this.addSql(
      'create index if not exists audit_log_actor_action on audit_log (actor_id, action, at desc, id desc)',
    );
    this.addSql('analyze audit_log');
  }
}
