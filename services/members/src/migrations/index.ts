import type { ServiceMigration } from '@avpass/platform';
import { Migration0001Initial } from './0001-initial';
import { Migration0002Sends } from './0002-sends';
import { Migration0003MemberSignIn } from './0003-member-sign-in';
import { Migration0004SendSenderName } from './0004-send-sender-name';
import { Migration0005DeliveriesBySend } from './0005-deliveries-by-send';
import { Migration0006SendTallies } from './0006-send-tallies';
import { Migration0007MemberPass } from './0007-member-pass';
import { Migration0008MemberPhotos } from './0008-member-photos';

/**
 * In run order, numbered by their place in it (decision 201): each runs once, at start-up. A new
 * migration takes the next number (`NNNN-what-it-does.ts`, class `MigrationNNNNWhatItDoes`).
 */
export const migrations: ServiceMigration[] = [
  { name: 'Migration0001Initial', class: Migration0001Initial },
  { name: 'Migration0002Sends', class: Migration0002Sends },
  { name: 'Migration0003MemberSignIn', class: Migration0003MemberSignIn },
  { name: 'Migration0004SendSenderName', class: Migration0004SendSenderName },
  { name: 'Migration0005DeliveriesBySend', class: Migration0005DeliveriesBySend },
  { name: 'Migration0006SendTallies', class: Migration0006SendTallies },
  { name: 'Migration0007MemberPass', class: Migration0007MemberPass },
  { name: 'Migration0008MemberPhotos', class: Migration0008MemberPhotos },
];
