import type { Actor, CreditSummary } from '@avpass/contracts';
import { Injectable } from '@nestjs/common';
import { CreditsRepository, processableCreditsSql, tallyScopeOf } from '../credits';
import { CreditsSettings } from '../settings';
import { TransactionsRepository } from './transactions.repository';

/**
 * The Partner Credits cards: spendable credits (counted, credits/) beside today's transactions and the
 * month's sales (the ledger's tallies). It reads both folders, so it lives in the upper one: the ledger
 * depends on credits/, never the other way (issue 38).
 */
@Injectable()
export class CreditSummaryService {
  constructor(
    private readonly credits: CreditsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly settings: CreditsSettings,
  ) {}

  /** The four figures of the partner's Credits screen (pending is always 0). */
  async summary(actor: Actor): Promise<CreditSummary> {
    const now = this.settings.now();
    const today = this.settings.today(now);
    const scope = tallyScopeOf(actor);
    const [activeAthletes, tallies] = await Promise.all([
      this.credits.countSpendable(processableCreditsSql(actor), today),
      scope
        ? this.transactions.tallies(scope, today, `${today.slice(0, 8)}01`)
        : Promise.resolve({ transactions: 0, today: 0, monthSales: 0 }),
    ]);
    return {
      activeAthletes,
      todayTransactions: tallies.today,
      monthSales: tallies.monthSales,
      pending: 0,
    };
  }
}
