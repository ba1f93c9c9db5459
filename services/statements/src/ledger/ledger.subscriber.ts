import { creditLabel, redemptionLabel, type DomainEvent, type EventName } from '@avpass/contracts';
import type { EventHandler, EventSubscriber } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { StatementEntriesRepository, type LedgerEntry } from './statement-entries.repository';

/**
 * What a redemption froze (issue 39), times `sign` (-1: its cancel gives it back). An event from before
 * issue 39 carries none of it: it counts, owing nothing.
 */
function redemptionFigures(
  p: Pick<
    DomainEvent<'vouchers.voucher.redeemed.v1'>['payload'],
    'saleCents' | 'discountCents' | 'fundedBy' | 'reimbursementCents' | 'noSaleAmount'
  >,
  sign: 1 | -1,
): Pick<
  LedgerEntry,
  'quantity' | 'saleCents' | 'discountCents' | 'fundedBy' | 'clubOwesCents' | 'withoutSaleAmount'
> {
  return {
    quantity: sign,
    saleCents: p.saleCents == null ? null : sign * p.saleCents,
    discountCents: sign * (p.discountCents ?? 0),
    fundedBy: p.fundedBy ?? null,
    clubOwesCents: sign * (p.reimbursementCents ?? 0),
    withoutSaleAmount: p.noSaleAmount ?? false,
  };
}

/**
 * A redemption's line: its batch, or the code itself when it is in none, labelled by the code's title
 * when the event carries it (from issue 39 on) and by its short id otherwise.
 */
function voucherSubject(p: { batchId?: string | null; qrCodeId: string; title?: string }) {
  return p.batchId
    ? {
        subjectType: 'batch' as const,
        subjectId: p.batchId,
        label: redemptionLabel('batch', p.batchId, p.title),
      }
    : {
        subjectType: 'voucher' as const,
        subjectId: p.qrCodeId,
        label: redemptionLabel('code', p.qrCodeId, p.title),
      };
}

/**
 * The other services' economic events into the ledger, each once (the inbox, and the ledger's unique
 * kind and source). An event for no partner (a charge to a credit without one) belongs on no statement.
 */
@Injectable()
export class LedgerSubscriber implements EventSubscriber {
  readonly consumerName = 'statements';

  constructor(private readonly entries: StatementEntriesRepository) {}

  /** A handler that writes a batch's entries (an event may have none) in one statement. */
  private ledger<N extends EventName>(
    entryOf: (payload: DomainEvent<N>['payload']) => LedgerEntry | null,
  ): EventHandler<N> {
    return {
      many: (events, tx) =>
        this.entries.recordMany(
          tx,
          events.map((event) => entryOf(event.payload)).filter((entry) => entry !== null),
        ),
    };
  }

  readonly handlers = {
    /** Club money an athlete spent at the partner: the club owes it. */
    'credits.transaction.recorded.v1': this.ledger<'credits.transaction.recorded.v1'>((p) =>
      !p.partnerId
        ? null
        : {
            partnerId: p.partnerId,
            kind: 'credit_charge',
            sourceId: p.transactionId,
            occurredAt: p.recordedAt,
            subjectType: 'credit',
            subjectId: p.creditId,
            label: creditLabel(p.creditId, p.athleteName),
            quantity: 1,
            clubOwesCents: p.amount,
          },
    ),
    /**
     * A voided charge: its amount back, in the period of the void (a later statement adjusts). Read from
     * the void's own payload, so it counts whichever of the two events arrives first.
     */
    'credits.transaction.voided.v1': this.ledger<'credits.transaction.voided.v1'>((p) =>
      !p.partnerId
        ? null
        : {
            partnerId: p.partnerId,
            kind: 'credit_void',
            sourceId: p.transactionId,
            occurredAt: p.voidedAt,
            subjectType: 'credit',
            subjectId: p.creditId,
            label: creditLabel(p.creditId, p.athleteName),
            quantity: -1,
            clubOwesCents: -p.amount,
          },
    ),
    /**
     * A redemption honoured at the partner, with what it froze when it was made: the sale, the discount,
     * who funds it and what the club owes for it (an event from before issue 39 carries none of them:
     * it counts, owing nothing). A redemption at no known partner is on no statement.
     */
    'vouchers.voucher.redeemed.v1': this.ledger<'vouchers.voucher.redeemed.v1'>((p) =>
      !p.partnerId
        ? null
        : {
            partnerId: p.partnerId,
            kind: 'redemption',
            sourceId: p.redemptionId,
            occurredAt: p.redeemedAt,
            ...voucherSubject(p),
            ...redemptionFigures(p, 1),
          },
    ),
    /**
     * A cancelled redemption owes nothing: its figures back, at the cancel. One of an earlier period is
     * an adjustment on the statement of the cancel's period (`originAt`: when it was redeemed).
     */
    'vouchers.redemption.cancelled.v1': this.ledger<'vouchers.redemption.cancelled.v1'>((p) =>
      !p.partnerId
        ? null
        : {
            partnerId: p.partnerId,
            kind: 'redemption_cancel',
            sourceId: p.redemptionId,
            occurredAt: p.cancelledAt,
            originAt: p.redeemedAt ?? p.cancelledAt,
            ...voucherSubject(p),
            // The redemption's own label (its event carried the code's title), when the ledger has it.
            labelOf: { kind: 'redemption', sourceId: p.redemptionId },
            ...redemptionFigures(p, -1),
          },
    ),
    /** Merchandise the partner reported used (or, lowered, gave back): units × its partner price. */
    'inventory.allocation.usage-reported.v1': this.ledger<'inventory.allocation.usage-reported.v1'>((p) => ({
      partnerId: p.partnerId,
      kind: 'merch_usage',
      sourceId: p.reportId,
      occurredAt: p.reportedAt,
      subjectType: 'item',
      subjectId: p.merchInventoryId,
      label: [p.itemName, p.sku, p.size, p.color].filter(Boolean).join(' · '),
      quantity: p.quantityDelta,
      partnerOwesCents: p.quantityDelta * p.unitPriceCents,
    })),
  };
}
