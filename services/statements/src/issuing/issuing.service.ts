import {
  RPC,
  STATEMENT_REFUSALS,
  type Language,
  type IssueStatementsResponse,
  type ResendFailedResponse,
  type RpcMeta,
  type RpcRequestPayload,
  type Statement,
  type StatementDeliveries,
} from '@avpass/contracts';
import { endOfBusinessDay } from '@avpass/domain';
import {
  DomainError,
  MailOutbox,
  OutgoingMailRepository,
  PartnerDirectory,
  RpcClient,
  Transactions,
  type Tx,
} from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { STATEMENTS_CONFIG, type StatementsConfig } from '../config';
import { statementMail } from '../documents';
import { nameOfPartner, partnerNames, type PartnerName } from '../partners';
import { StatementEntriesRepository, type LedgerRange } from '../ledger';
import {
  netOf,
  periodDays,
  StatementsRepository,
  StatementsService,
  toStatement,
  type StatementRow,
} from '../statements';

/** Partners issued per page of the ledger's partners (each in its own short transaction). */
const ISSUE_PAGE = 500;
/**
 * Partners of a page issued at once: a partner's wait (its transaction's round trips) overlaps the
 * others' work. Each still has its own transaction, so memory stays one line set per slot.
 */
const ISSUE_CONCURRENCY = 4;

/** Failed e-mails read (and re-sent, in one transaction) at a time by a month's bulk re-send. */
const RESEND_PAGE = 500;

interface Recipient {
  id: string;
  email: string;
  /** The user's own language: their mail and its PDF are written in it (issue 42). */
  language: Language;
}

/** One mail per statement revision and recipient (decision 273). */
const mailKey = (row: Pick<StatementRow, 'id' | 'revision'>, to: Recipient) =>
  `statement:${row.id}:rev:${row.revision}:to:${to.id}`;

/**
 * Issuing (issue 39): a month's statements, once per partner, and a new revision when a dispute is
 * resolved. Each is e-mailed, in the transaction that makes it, to every active portal user of the
 * partner with an address: one mail per revision and recipient however often it is retried.
 */
@Injectable()
export class IssuingService {
  constructor(
    private readonly statements: StatementsRepository,
    private readonly moves: StatementsService,
    private readonly ledger: StatementEntriesRepository,
    private readonly partners: PartnerDirectory,
    private readonly mail: MailOutbox,
    private readonly outgoing: OutgoingMailRepository,
    private readonly rpc: RpcClient,
    private readonly transactions: Transactions,
    @Inject(STATEMENTS_CONFIG) private readonly config: StatementsConfig,
  ) {}

  /**
   * Every partner's statement of a finished month: one per partner with rows in its ledger, each in its
   * own transaction; a partner whose statement exists already is counted, not issued again.
   */
  async issue(
    period: string,
    meta: RpcMeta | null,
    now = new Date(),
    onPage?: (soFar: IssueStatementsResponse) => Promise<void>,
  ): Promise<IssueStatementsResponse> {
    this.assertPeriodOver(period, now);
    const zone = this.config.BUSINESS_TIMEZONE;
    const days = periodDays(period);
    let issued = 0;
    let alreadyIssued = 0;
    for (let after: string | null = null; ; ) {
      const partners = await this.ledger.partnersWithRows({ ...days, timeZone: zone }, after, ISSUE_PAGE);
      if (!partners.length) return { period, issued, alreadyIssued };
      // A page's names and recipients in one call each (partners, identity), not one per partner.
      const requestId = meta?.requestId ?? randomUUID();
      const [names, recipients] = await Promise.all([
        partnerNames(this.partners, partners, requestId),
        this.recipientsOf(partners, requestId),
      ]);
      let next = 0;
      const slot = async () => {
        while (next < partners.length) {
          const partnerId = partners[next++]!;
          const made = await this.issueOne(
            period,
            { partnerId, ...days, timeZone: zone },
            names.get(partnerId)!,
            recipients.get(partnerId) ?? [],
            meta,
          );
          if (made) issued += 1;
          else alreadyIssued += 1;
        }
      };
      await Promise.all(Array.from({ length: ISSUE_CONCURRENCY }, slot));
      if (partners.length < ISSUE_PAGE) return { period, issued, alreadyIssued };
      await onPage?.({ period, issued, alreadyIssued });
      after = partners[partners.length - 1]!;
    }
  }

  /** A month still under way (or one yet to come) is not issued: 409. */
  assertPeriodOver(period: string, now = new Date()): void {
    const { to } = periodDays(period);
    if (endOfBusinessDay(to, this.config.BUSINESS_TIMEZONE).getTime() >= now.getTime())
      throw DomainError.conflict(STATEMENT_REFUSALS.periodNotOver(period));
  }

  /** One partner's statement of the period, in its own transaction; false when it exists already. */
  private async issueOne(
    period: string,
    range: LedgerRange,
    partner: PartnerName,
    recipients: Recipient[],
    meta: RpcMeta | null,
  ): Promise<boolean> {
    // Apart: ten thousand partners' audit entries and outbox events do not pile up in the call's context.
    return this.transactions.runApart(async (tx) => {
      const row = await this.statements.issue(tx, randomUUID(), period, range);
      if (!row) return false;
      this.moves.auditMove(tx, meta, 'statements.statement.issued', row, { period, netCents: netOf(row) });
      await this.send(tx, row, partner, recipients);
      return true;
    });
  }

  /** The administrator resolves a dispute: a new revision with the adjustments (the old one superseded), e-mailed. */
  async resolve(
    input: RpcRequestPayload<'statements.statements.resolve.v1'>,
    meta: RpcMeta,
  ): Promise<Statement> {
    const current = await this.statements.find(input.id);
    if (!current) throw DomainError.notFound('Statement');
    const [recipients, partner] = await Promise.all([
      this.recipients(current.partner_id, meta),
      nameOfPartner(this.partners, current.partner_id),
    ]);
    return this.transactions.run(async (tx) => {
      const old = await this.statements.lock(tx, input.id);
      if (!old) throw DomainError.notFound('Statement');
      if (old.status !== 'disputed') throw DomainError.conflict(STATEMENT_REFUSALS.notDisputed(old.status));
      await this.statements.move(tx, old.id, { status: 'superseded' });
      const row = await this.statements.revise(tx, randomUUID(), old, input.reason, input.adjustments);
      this.moves.auditMove(tx, meta, 'statements.statement.resolved', row, {
        revision: row.revision,
        reason: input.reason,
        adjustments: input.adjustments.length,
        netCents: netOf(row),
      });
      await this.send(tx, row, partner, recipients);
      return toStatement(row, partner);
    });
  }

  /** The statement's e-mails (the administrator's screen: a failed one with its reason). */
  async deliveries(id: string): Promise<StatementDeliveries> {
    if (!(await this.statements.find(id))) throw DomainError.notFound('Statement');
    const mails = await this.outgoing.listMailByKeyPrefix(`statement:${id}:`);
    return {
      items: mails.map((m) => ({
        recipient: m.recipient,
        status: m.status,
        attempts: m.attempts,
        lastError: m.lastError,
        sentAt: m.sentAt,
        updatedAt: m.updatedAt,
      })),
    };
  }

  /**
   * Re-send (the administrator): each failed e-mail of the statement goes out again, and active staff
   * with an address who have none yet (added since it was issued) get theirs. A superseded statement's
   * mails are history: refused (409).
   */
  async resend(id: string, meta: RpcMeta): Promise<{ retried: number; recorded: number }> {
    const current = await this.statements.find(id);
    if (!current) throw DomainError.notFound('Statement');
    if (current.status === 'superseded') throw DomainError.conflict(STATEMENT_REFUSALS.superseded);
    const [recipients, partner, mails] = await Promise.all([
      this.recipients(current.partner_id, meta),
      nameOfPartner(this.partners, current.partner_id),
      this.outgoing.listMailByKeyPrefix(`statement:${id}:`),
    ]);
    return this.transactions.run(async (tx) => {
      let retried = 0;
      for (const mail of mails.filter((m) => m.status === 'failed'))
        if (await this.mail.retryFailedMail(tx, mail.id)) retried += 1;
      const mailed = new Set(mails.map((m) => m.idempotencyKey));
      const added = recipients.filter((r) => !mailed.has(mailKey(current, r)));
      await this.send(tx, current, partner, added);
      return { retried, recorded: added.length };
    });
  }

  /**
   * Re-send failed e-mails (the administrator, for a month): every failed e-mail of the period's current
   * statements goes out again, a page of the failed ones at a time (outgoing_mail_failed_idx).
   */
  async resendFailed(period: string): Promise<ResendFailedResponse> {
    let retried = 0;
    const statements = new Set<string>();
    for (let after: string | null = null; ; ) {
      const failed = await this.outgoing.listFailedMailByKeyPrefix('statement:', after, RESEND_PAGE);
      const statementOf = (key: string) => key.split(':')[1]!;
      const current = await this.statements.currentOfPeriod(period, [
        ...new Set(failed.map((m) => statementOf(m.idempotencyKey))),
      ]);
      const mails = failed.filter((m) => current.has(statementOf(m.idempotencyKey)));
      if (mails.length)
        await this.transactions.run(async (tx) => {
          for (const mail of mails)
            if (await this.mail.retryFailedMail(tx, mail.id)) {
              retried += 1;
              statements.add(statementOf(mail.idempotencyKey));
            }
        });
      if (failed.length < RESEND_PAGE) return { period, retried, statements: statements.size };
      after = failed[failed.length - 1]!.idempotencyKey;
    }
  }

  /** The partner's active portal users with an address (asked before the transaction: a call, not a lock). */
  private async recipients(partnerId: string, meta: RpcMeta): Promise<Recipient[]> {
    return (await this.recipientsOf([partnerId], meta.requestId)).get(partnerId) ?? [];
  }

  /** The active portal users with an address of a page of partners (at most 500), in one call to identity. */
  private async recipientsOf(partnerIds: string[], requestId: string): Promise<Map<string, Recipient[]>> {
    const { users } = await this.rpc.call(
      RPC.identity.activeUsersOfCompanies,
      { companyIds: partnerIds },
      { requestId },
    );
    const byPartner = new Map<string, Recipient[]>();
    for (const user of users) {
      if (!user.isActive || !user.email || !user.companyId) continue;
      const list = byPartner.get(user.companyId) ?? [];
      list.push({ id: user.id, email: user.email, language: user.language ?? 'en' });
      byPartner.set(user.companyId, list);
    }
    return byPartner;
  }

  private async send(
    tx: Tx,
    row: StatementRow,
    partner: PartnerName,
    recipients: Recipient[],
  ): Promise<void> {
    const statement = toStatement(row, partner);
    for (const to of recipients)
      await this.mail.recordMail(tx, {
        idempotencyKey: mailKey(row, to),
        to: to.email,
        ...statementMail(
          statement,
          partner.name,
          to.language,
          this.config.PUBLIC_URL,
          this.config.BUSINESS_TIMEZONE,
        ),
      });
  }
}
