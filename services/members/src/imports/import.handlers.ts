import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { ImportService } from './import.service';

/** A CSV of members the gateway stored (POST /api/members/import). */
@Controller()
export class ImportHandlers {
  constructor(private readonly imports: ImportService) {}

  @RpcHandler(RPC.members.import)
  import({ fileId }: In<typeof RPC.members.import>, meta: RpcMeta) {
    return this.imports.import(fileId, meta);
  }
}
