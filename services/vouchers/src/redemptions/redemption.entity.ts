import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

export const DEFAULT_REDEEMED_BY = 'Store Scanner';

/**
 * One successful redeem. Rows go when their code is deleted (foreign key, on delete cascade). Its
 * Idempotency-Key, if any, is in idempotency_keys (its caller's, claimed by the redeem statement).
 */
@Entity({ tableName: 'redemptions' })
@Index({ properties: ['redeemedAt'] })
@Index({ properties: ['qrCodeId'] })
export class Redemption {
  [OptionalProps]?:
    | 'id'
    | 'redeemedAt'
    | 'redeemedBy'
    | 'deviceInfo'
    | 'ipAddress'
    | 'userAgent'
    | 'location'
    | 'transactionAmount'
    | 'discountApplied'
    | 'referralCode'
    | 'notes'
    | 'status'
    | 'cancelledAt'
    | 'cancelReason';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  qrCodeId!: string;

  @Property({ type: 'timestamptz' })
  redeemedAt: Date = new Date();

  @Property({ type: 'text' })
  redeemedBy: string = DEFAULT_REDEEMED_BY;

  @Property({ type: 'text', nullable: true })
  deviceInfo: string | null = null;

  @Property({ type: 'text', nullable: true })
  ipAddress: string | null = null;

  @Property({ type: 'text', nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'text', nullable: true })
  location: string | null = null;

  /** Cents. */
  @Property({ type: 'integer', nullable: true })
  transactionAmount: number | null = null;

  /** Cents. */
  @Property({ type: 'integer', nullable: true })
  discountApplied: number | null = null;

  @Property({ type: 'text', nullable: true })
  referralCode: string | null = null;

  @Property({ type: 'text', nullable: true })
  notes: string | null = null;

  @Property({ type: 'text' })
  status = 'completed';

  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  cancelReason: string | null = null;
}
