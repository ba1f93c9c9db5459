import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One QR code assigned to one partner, as far as the landing page needs to know: a read model kept
 * up to date from the vouchers service's events (the counts are computed when read).
 */
@Entity({ tableName: 'partner_offer_stats' })
export class PartnerOfferStat {
  @PrimaryKey({ type: 'uuid' })
  qrCodeId!: string;

  @PrimaryKey({ type: 'uuid' })
  partnerId!: string;

  /** 'YYYY-MM-DD', valid through the end of that business day; null never expires. */
  @Property({ type: 'date', nullable: true })
  expirationDate: string | null = null;

  @Property({ type: 'integer' })
  usageCount = 0;

  @Property({ type: 'integer' })
  usageLimit!: number;

  @Property({ type: 'boolean' })
  isActive = true;

  /** When the latest applied assignment event happened. */
  @Property({ type: 'timestamptz', nullable: true })
  assignedAt: Date | null = null;

  /** Set when the code was unassigned from this partner or deleted: a tombstone, not counted. */
  @Property({ type: 'timestamptz', nullable: true })
  removedAt: Date | null = null;
}
