import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { AuditEntriesService } from './entries/audit-entries.service';

/** GET /api/audit and its CSV export (issue 26); the gateway checks roles, the service the rows. */
@Controller()
export class AuditHandlers {
  constructor(private readonly entries: AuditEntriesService) {}

  @RpcHandler(RPC.audit.list)
  list(query: In<typeof RPC.audit.list>, meta: RpcMeta) {
    return this.entries.list(requireActor(meta), query);
  }

  @RpcHandler(RPC.audit.exportPage)
  exportPage(query: In<typeof RPC.audit.exportPage>, meta: RpcMeta) {
    return this.entries.list(requireActor(meta), { ...query, limit: query.limit ?? 200 });
  }
}
