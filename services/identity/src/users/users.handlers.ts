import { RPC, type RpcRequestPayload as In } from '@avpass/contracts';
import { RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { UsersService } from './users.service';

/** Portal users of a partner company. The partners service checks the company exists first. */
@Controller()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

  @RpcHandler(RPC.identity.createPortalUser)
  create({ companyId, user }: In<typeof RPC.identity.createPortalUser>) {
    return this.users.createPortalUser(companyId, user);
  }

  @RpcHandler(RPC.identity.listCompanyUsers)
  list({ companyId }: In<typeof RPC.identity.listCompanyUsers>) {
    return this.users.listCompanyUsers(companyId);
  }

  @RpcHandler(RPC.identity.setUserActive)
  setActive({ companyId, userId, isActive }: In<typeof RPC.identity.setUserActive>) {
    return this.users.setActive(companyId, userId, isActive);
  }
}
