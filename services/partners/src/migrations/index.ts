import type { ServiceMigration } from '@avpass/platform';
import { Migration0001Initial } from './0001-initial';
import { Migration0002OfferTombstones } from './0002-offer-tombstones';
import { Migration0003Directory } from './0003-directory';
import { Migration0004DropOfferStats } from './0004-drop-offer-stats';
import { Migration0005Audit } from './0005-audit';
import { Migration0006AuditRetention } from './0006-audit-retention';
import { Migration0007PartnerSorts } from './0007-partner-sorts';
import { Migration0008PartnerStatusVersion } from './0008-partner-status-version';
import { Migration0009LegalName } from './0009-legal-name';

/**
 * In run order, numbered by their place in it (decision 201): each runs once, at start-up. A new
 * migration takes the next number (`NNNN-what-it-does.ts`, class `MigrationNNNNWhatItDoes`).
 * `formerName` is the name a database migrated before the numbering recorded it under; the migration
 * runner renames such rows once, so nothing runs again. Only migrations that reached a database under
 * another name need one.
 */
export const migrations: ServiceMigration[] = [
  { name: 'Migration0001Initial', class: Migration0001Initial, formerName: 'Migration20261122Initial' },
  {
    name: 'Migration0002OfferTombstones',
    class: Migration0002OfferTombstones,
    formerName: 'Migration20261123OfferTombstones',
  },
  { name: 'Migration0003Directory', class: Migration0003Directory, formerName: 'Migration20261125Directory' },
  {
    name: 'Migration0004DropOfferStats',
    class: Migration0004DropOfferStats,
    formerName: 'Migration20261202DropOfferStats',
  },
  { name: 'Migration0005Audit', class: Migration0005Audit, formerName: 'Migration20261206Audit' },
  {
    name: 'Migration0006AuditRetention',
    class: Migration0006AuditRetention,
    formerName: 'Migration20261207AuditRetention',
  },
  {
    name: 'Migration0007PartnerSorts',
    class: Migration0007PartnerSorts,
    formerName: 'Migration20261212PartnerSorts',
  },
  {
    name: 'Migration0008PartnerStatusVersion',
    class: Migration0008PartnerStatusVersion,
    formerName: 'Migration20261230PartnerStatusVersion',
  },
  { name: 'Migration0009LegalName', class: Migration0009LegalName },
];
