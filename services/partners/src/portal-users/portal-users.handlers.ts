import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { PortalUsersService } from './portal-users.service';

/** GET/POST /api/partners/{id}/users and PATCH /api/partners/{id}/users/{userId}. */
@Controller()
export class PortalUsersHandlers {
  constructor(private readonly portalUsers: PortalUsersService) {}

  @RpcHandler(RPC.partners.listUsers)
  list({ partnerId }: In<typeof RPC.partners.listUsers>, meta: RpcMeta) {
    return this.portalUsers.list(partnerId, meta);
  }

  @RpcHandler(RPC.partners.createUser)
  create({ partnerId, ...user }: In<typeof RPC.partners.createUser>, meta: RpcMeta) {
    return this.portalUsers.create(partnerId, user, meta);
  }

  @RpcHandler(RPC.partners.setUserActive)
  setActive({ partnerId, userId, isActive }: In<typeof RPC.partners.setUserActive>, meta: RpcMeta) {
    return this.portalUsers.setActive(partnerId, userId, isActive, meta);
  }
}
