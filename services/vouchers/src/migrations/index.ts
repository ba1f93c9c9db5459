import { Migration20261122Initial } from './migration-20261122-initial';
import { Migration20261123Vouchers } from './migration-20261123-vouchers';
import { Migration20261124Scale } from './migration-20261124-scale';
import { Migration20261125Scale } from './migration-20261125-scale';
import { Migration20261126Trainers } from './migration-20261126-trainers';
import { Migration20261127Exclusives } from './migration-20261127-exclusives';
import { Migration20261128Idempotency } from './migration-20261128-idempotency';
import { Migration20261129BusinessTimeZone } from './migration-20261129-business-time-zone';
import { Migration20261130StartDate } from './migration-20261130-start-date';
import { Migration20261201PartnerOffers } from './migration-20261201-partner-offers';
import { Migration20261202PartnerOfferStart } from './migration-20261202-partner-offer-start';
import { Migration20261203PartnerCodeOrder } from './migration-20261203-partner-code-order';
import { Migration20261204Till } from './migration-20261204-till';
import { Migration20261205CodeVersion } from './migration-20261205-code-version';
import { Migration20261206Audit } from './migration-20261206-audit';
import { Migration20261207AuditRetention } from './migration-20261207-audit-retention';
import { Migration20261208TableSorts } from './migration-20261208-table-sorts';

export const migrations = [
  { name: 'Migration20261122Initial', class: Migration20261122Initial },
  { name: 'Migration20261123Vouchers', class: Migration20261123Vouchers },
  { name: 'Migration20261124Scale', class: Migration20261124Scale },
  { name: 'Migration20261125Scale', class: Migration20261125Scale },
  { name: 'Migration20261126Trainers', class: Migration20261126Trainers },
  { name: 'Migration20261127Exclusives', class: Migration20261127Exclusives },
  { name: 'Migration20261128Idempotency', class: Migration20261128Idempotency },
  { name: 'Migration20261129BusinessTimeZone', class: Migration20261129BusinessTimeZone },
  { name: 'Migration20261130StartDate', class: Migration20261130StartDate },
  { name: 'Migration20261201PartnerOffers', class: Migration20261201PartnerOffers },
  { name: 'Migration20261202PartnerOfferStart', class: Migration20261202PartnerOfferStart },
  { name: 'Migration20261203PartnerCodeOrder', class: Migration20261203PartnerCodeOrder },
  { name: 'Migration20261204Till', class: Migration20261204Till },
  { name: 'Migration20261205CodeVersion', class: Migration20261205CodeVersion },
  { name: 'Migration20261206Audit', class: Migration20261206Audit },
  { name: 'Migration20261207AuditRetention', class: Migration20261207AuditRetention },
  { name: 'Migration20261208TableSorts', class: Migration20261208TableSorts },
];
