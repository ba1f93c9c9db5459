import type { EventSubscriber } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';

/** Every service's audit entries into the one read model; a redelivered entry is kept once (its id). */
@Injectable()
export class AuditEntryRecordedSubscriber implements EventSubscriber {
  readonly consumerName = 'audit';

  constructor(private readonly log: AuditLogRepository) {}

  readonly handlers = {
    'audit.entry.recorded.v1': {
      many: (events, tx) =>
        this.log.insertMany(
          tx,
          events.map((event) => event.payload),
        ),
    },
  } satisfies EventSubscriber['handlers'];
}
