import type { ServiceMigration } from '@avpass/platform';
import { Migration0001Initial } from './0001-initial';
import { Migration0002Statements } from './0002-statements';
import { Migration0003OutgoingMail } from './0003-outgoing-mail';
import { Migration0004CoveringLedgerIndex } from './0004-covering-ledger-index';
import { Migration0005Idempotency } from './0005-idempotency';
import { Migration0006StatementSorts } from './0006-statement-sorts';
import { Migration0007FailedMailIndex } from './0007-failed-mail-index';

/**
 * In run order, numbered by their place in it (decision 201): each runs once, at start-up. A new
 * migration takes the next number (`NNNN-what-it-does.ts`, class `MigrationNNNNWhatItDoes`).
 */
export const migrations: ServiceMigration[] = [
  { name: 'Migration0001Initial', class: Migration0001Initial },
  { name: 'Migration0002Statements', class: Migration0002Statements },
  { name: 'Migration0003OutgoingMail', class: Migration0003OutgoingMail },
  { name: 'Migration0004CoveringLedgerIndex', class: Migration0004CoveringLedgerIndex },
  { name: 'Migration0005Idempotency', class: Migration0005Idempotency },
  { name: 'Migration0006StatementSorts', class: Migration0006StatementSorts },
  { name: 'Migration0007FailedMailIndex', class: Migration0007FailedMailIndex },
];
