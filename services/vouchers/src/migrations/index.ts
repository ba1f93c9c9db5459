import type { ServiceMigration } from '@avpass/platform';
import { Migration0001Initial } from './0001-initial';
import { Migration0002Vouchers } from './0002-vouchers';
import { Migration0003Scale } from './0003-scale';
import { Migration0004Scale } from './0004-scale';
import { Migration0005Trainers } from './0005-trainers';
import { Migration0006Exclusives } from './0006-exclusives';
import { Migration0007Idempotency } from './0007-idempotency';
import { Migration0008BusinessTimeZone } from './0008-business-time-zone';
import { Migration0009StartDate } from './0009-start-date';
import { Migration0010PartnerOffers } from './0010-partner-offers';
import { Migration0011PartnerOfferStart } from './0011-partner-offer-start';
import { Migration0012PartnerCodeOrder } from './0012-partner-code-order';
import { Migration0013Till } from './0013-till';
import { Migration0014CodeVersion } from './0014-code-version';
import { Migration0015Audit } from './0015-audit';
import { Migration0016AuditRetention } from './0016-audit-retention';
import { Migration0017TableSorts } from './0017-table-sorts';
import { Migration0018RedeemStaysHot } from './0018-redeem-stays-hot';
import { Migration0019TrainerSorts } from './0019-trainer-sorts';
import { Migration0020BatchSorts } from './0020-batch-sorts';
import { Migration0021UsedUpCodes } from './0021-used-up-codes';
import { Migration0022ExclusiveSorts } from './0022-exclusive-sorts';
import { Migration0023CodeUsage } from './0023-code-usage';
import { Migration0024TillCopy } from './0024-till-copy';
import { Migration0025RedeemKeys } from './0025-redeem-keys';
import { Migration0026RedemptionReversals } from './0026-redemption-reversals';
import { Migration0027FundedBy } from './0027-funded-by';
import { Migration0028MemberHolders } from './0028-member-holders';
import { Migration0029HeldCodes } from './0029-held-codes';
import { Migration0030CardLanguage } from './0030-card-language';
import { Migration0031MemberDailyCap } from './0031-member-daily-cap';
import { Migration0032TillConflicts } from './0032-till-conflicts';

/**
 * In run order, numbered by their place in it (decision 201): each runs once, at start-up. A new
 * migration takes the next number (`NNNN-what-it-does.ts`, class `MigrationNNNNWhatItDoes`).
 * `formerName` is the name a database migrated before the numbering recorded it under; the migration
 * runner renames such rows once, so nothing runs again. Only migrations that reached a database under
 * another name need one.
 */
export const migrations: ServiceMigration[] = [
  { name: 'Migration0001Initial', class: Migration0001Initial, formerName: 'Migration20261122Initial' },
  { name: 'Migration0002Vouchers', class: Migration0002Vouchers, formerName: 'Migration20261123Vouchers' },
  { name: 'Migration0003Scale', class: Migration0003Scale, formerName: 'Migration20261124Scale' },
  { name: 'Migration0004Scale', class: Migration0004Scale, formerName: 'Migration20261125Scale' },
  { name: 'Migration0005Trainers', class: Migration0005Trainers, formerName: 'Migration20261126Trainers' },
  {
    name: 'Migration0006Exclusives',
    class: Migration0006Exclusives,
    formerName: 'Migration20261127Exclusives',
  },
  {
    name: 'Migration0007Idempotency',
    class: Migration0007Idempotency,
    formerName: 'Migration20261128Idempotency',
  },
  {
    name: 'Migration0008BusinessTimeZone',
    class: Migration0008BusinessTimeZone,
    formerName: 'Migration20261129BusinessTimeZone',
  },
  { name: 'Migration0009StartDate', class: Migration0009StartDate, formerName: 'Migration20261130StartDate' },
  {
    name: 'Migration0010PartnerOffers',
    class: Migration0010PartnerOffers,
    formerName: 'Migration20261201PartnerOffers',
  },
  {
    name: 'Migration0011PartnerOfferStart',
    class: Migration0011PartnerOfferStart,
    formerName: 'Migration20261202PartnerOfferStart',
  },
  {
    name: 'Migration0012PartnerCodeOrder',
    class: Migration0012PartnerCodeOrder,
    formerName: 'Migration20261203PartnerCodeOrder',
  },
  { name: 'Migration0013Till', class: Migration0013Till, formerName: 'Migration20261204Till' },
  {
    name: 'Migration0014CodeVersion',
    class: Migration0014CodeVersion,
    formerName: 'Migration20261205CodeVersion',
  },
  { name: 'Migration0015Audit', class: Migration0015Audit, formerName: 'Migration20261206Audit' },
  {
    name: 'Migration0016AuditRetention',
    class: Migration0016AuditRetention,
    formerName: 'Migration20261207AuditRetention',
  },
  {
    name: 'Migration0017TableSorts',
    class: Migration0017TableSorts,
    formerName: 'Migration20261208TableSorts',
  },
  {
    name: 'Migration0018RedeemStaysHot',
    class: Migration0018RedeemStaysHot,
    formerName: 'Migration20261209RedeemStaysHot',
  },
  {
    name: 'Migration0019TrainerSorts',
    class: Migration0019TrainerSorts,
    formerName: 'Migration20261210TrainerSorts',
  },
  {
    name: 'Migration0020BatchSorts',
    class: Migration0020BatchSorts,
    formerName: 'Migration20261210BatchSorts',
  },
  {
    name: 'Migration0021UsedUpCodes',
    class: Migration0021UsedUpCodes,
    formerName: 'Migration20261211UsedUpCodes',
  },
  {
    name: 'Migration0022ExclusiveSorts',
    class: Migration0022ExclusiveSorts,
    formerName: 'Migration20261212ExclusiveSorts',
  },
  { name: 'Migration0023CodeUsage', class: Migration0023CodeUsage, formerName: 'Migration20261213CodeUsage' },
  { name: 'Migration0024TillCopy', class: Migration0024TillCopy, formerName: 'Migration20261214TillCopy' },
  {
    name: 'Migration0025RedeemKeys',
    class: Migration0025RedeemKeys,
    formerName: 'Migration20261215RedeemKeys',
  },
  { name: 'Migration0026RedemptionReversals', class: Migration0026RedemptionReversals },
  { name: 'Migration0027FundedBy', class: Migration0027FundedBy },
  { name: 'Migration0028MemberHolders', class: Migration0028MemberHolders },
  { name: 'Migration0029HeldCodes', class: Migration0029HeldCodes },
  { name: 'Migration0030CardLanguage', class: Migration0030CardLanguage },
  { name: 'Migration0031MemberDailyCap', class: Migration0031MemberDailyCap },
  { name: 'Migration0032TillConflicts', class: Migration0032TillConflicts },
];
