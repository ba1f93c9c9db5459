import type { FundedBy, PerMemberPeriod, RedemptionMode } from '@avpass/contracts';
import type { DiscountType, TrainerRole } from '@avpass/domain';
import type { ExclusiveDetails, ExclusiveType, QrType } from '@avpass/contracts';
import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * A voucher. The id is a random UUID v4 (unguessable: it is the voucher page's address). Usage is
 * guarded in the database too: 0 <= usage_count <= usage_limit (see the migration's checks).
 */
@Entity({ tableName: 'qr_codes' })
@Index({ properties: ['createdAt'] })
@Index({ properties: ['batchId'] })
export class QrCode {
  [OptionalProps]?:
    | 'id'
    | 'companyId'
    | 'vendorId'
    | 'createdByUserId'
    | 'clinicId'
    | 'expirationDate'
    | 'startDate'
    | 'usageCount'
    | 'redemptionMode'
    | 'fundedBy'
    | 'terms'
    | 'logoUrl'
    | 'qrData'
    | 'batchId'
    | 'batchName'
    | 'customTitle'
    | 'partnerType'
    | 'createdAt'
    | 'qrType'
    | 'trainerName'
    | 'trainerImage'
    | 'trainerRole'
    | 'isActive'
    | 'isProjectRootedExclusive'
    | 'exclusiveType'
    | 'exclusiveDetails'
    | 'exclusiveEventDate'
    | 'holderMemberId'
    | 'holderName'
    | 'holderSource'
    | 'issuedFor'
    | 'perMemberCount'
    | 'perMemberPeriod';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The company whose staff created it (null for the platform administrator). */
  @Property({ type: 'uuid', nullable: true })
  companyId: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  vendorId: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  createdByUserId: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  clinicId: string | null = null;

  @Property({ type: 'text' })
  clinicName!: string;

  @Property({ type: 'text' })
  discountType!: DiscountType;

  @Property({ type: 'integer' })
  discountValue!: number;

  @Property({ type: 'text' })
  service!: string;

  /** 'YYYY-MM-DD', valid through the end of that day in BUSINESS_TIMEZONE; null never expires. */
  @Property({ type: 'date', nullable: true })
  expirationDate: string | null = null;

  /** 'YYYY-MM-DD', valid from the start of that day in BUSINESS_TIMEZONE (upcoming before); null: at once. */
  @Property({ type: 'date', nullable: true })
  startDate: string | null = null;

  @Property({ type: 'integer' })
  usageLimit!: number;

  @Property({ type: 'integer' })
  usageCount = 0;

  /** `staff`: only a partner's till may redeem it (issue 25); `self`: the member's phone too. */
  @Property({ type: 'text' })
  redemptionMode: RedemptionMode = 'self';

  /** Who pays for the discount (issue 39): each redemption freezes it as it is then. */
  @Property({ type: 'text' })
  fundedBy: FundedBy = 'partner';

  @Property({ type: 'text', nullable: true })
  terms: string | null = null;

  @Property({ type: 'text', nullable: true })
  logoUrl: string | null = null;

  /** The link the QR encodes, as it was when the code was made (PUBLIC_URL or the page's origin). */
  @Property({ type: 'text' })
  qrUrl!: string;

  /** What the generator was sent, kept as the spec's serialized qrData. */
  @Property({ type: 'json', nullable: true })
  qrData: Record<string, unknown> | null = null;

  @Property({ type: 'uuid', nullable: true })
  batchId: string | null = null;

  @Property({ type: 'text', nullable: true })
  batchName: string | null = null;

  @Property({ type: 'text', nullable: true })
  customTitle: string | null = null;

  @Property({ type: 'text' })
  partnerType = 'partner';

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'text' })
  qrType: QrType = 'partner';

  @Property({ type: 'text', nullable: true })
  trainerName: string | null = null;

  @Property({ type: 'text', nullable: true })
  trainerImage: string | null = null;

  @Property({ type: 'text', nullable: true })
  trainerRole: TrainerRole | null = null;

  @Property({ type: 'boolean' })
  isActive = true;

  @Property({ type: 'boolean' })
  isProjectRootedExclusive = false;

  @Property({ type: 'text', nullable: true })
  exclusiveType: ExclusiveType | null = null;

  @Property({ type: 'json', nullable: true })
  exclusiveDetails: ExclusiveDetails | null = null;

  /** The day of exclusiveDetails.eventDate ('YYYY-MM-DD'), for the Upcoming tab (issue 14). */
  @Property({ type: 'date', nullable: true })
  exclusiveEventDate: string | null = null;

  /** The member who holds it (issue 41, decision 321); null: a bearer code. */
  @Property({ type: 'uuid', nullable: true })
  holderMemberId: string | null = null;

  /** The till's view of the holder's name ("Ana G."); null when none or erased. */
  @Property({ type: 'text', nullable: true })
  holderName: string | null = null;

  /** What it was issued from (the source voucher or batch): its limit group for per-member limits. */
  @Property({ type: 'uuid', nullable: true })
  holderSource: string | null = null;

  /** The member it was issued to (never moved by a merge): with holderSource, issuing's idempotency key. */
  @Property({ type: 'uuid', nullable: true })
  issuedFor: string | null = null;

  /** Uses per member per period (decision 322); null: no per-member limit. */
  @Property({ type: 'integer', nullable: true })
  perMemberCount: number | null = null;

  @Property({ type: 'text', nullable: true })
  perMemberPeriod: PerMemberPeriod | null = null;
}
