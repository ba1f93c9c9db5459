import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MembersService } from './members.service';

/** The club's members, managed by the administrator (the gateway checks the role). */
@Controller()
export class MembersHandlers {
  constructor(private readonly members: MembersService) {}

  @RpcHandler(RPC.members.page)
  page(query: In<typeof RPC.members.page>) {
    return this.members.page(query);
  }

  @RpcHandler(RPC.members.get)
  get({ id }: In<typeof RPC.members.get>) {
    return this.members.get(id);
  }

  @RpcHandler(RPC.members.create)
  create(input: In<typeof RPC.members.create>, meta: RpcMeta) {
    return this.members.create(input, meta);
  }

  /** Only the fields the caller sent change (the contract drops the rest). */
  @RpcHandler(RPC.members.update)
  update({ id, changes }: In<typeof RPC.members.update>, meta: RpcMeta) {
    return this.members.update(id, changes, meta);
  }

  @RpcHandler(RPC.members.merge)
  merge({ id, from }: In<typeof RPC.members.merge>, meta: RpcMeta) {
    return this.members.merge(id, from, meta);
  }

  @RpcHandler(RPC.members.erase)
  erase({ id }: In<typeof RPC.members.erase>, meta: RpcMeta) {
    return this.members.erase(id, meta);
  }

  @RpcHandler(RPC.members.export)
  export({ id }: In<typeof RPC.members.export>) {
    return this.members.export(id);
  }
}
