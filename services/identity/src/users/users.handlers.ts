import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { UsersService } from './users.service';

/** Portal users of a partner company (the partners service checks the company exists first), and who a user is. */
@Controller()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

  @RpcHandler(RPC.identity.createPortalUser)
  create({ companyId, user }: In<typeof RPC.identity.createPortalUser>, meta: RpcMeta) {
    return this.users.createPortalUser(companyId, user, meta);
  }

  @RpcHandler(RPC.identity.listCompanyUsers)
  list({ companyId }: In<typeof RPC.identity.listCompanyUsers>) {
    return this.users.listCompanyUsers(companyId);
  }

  /** Statements asks a page of partners' recipients at once. */
  @RpcHandler(RPC.identity.activeUsersOfCompanies)
  async activeOfCompanies({ companyIds }: In<typeof RPC.identity.activeUsersOfCompanies>) {
    return { users: await this.users.activeUsersOfCompanies(companyIds) };
  }

  @RpcHandler(RPC.identity.setUserActive)
  setActive({ companyId, userId, isActive }: In<typeof RPC.identity.setUserActive>, meta: RpcMeta) {
    return this.users.setActive(companyId, userId, isActive, meta);
  }

  /** The audit person picker (super_admin): at most 10 users by username prefix. */
  @RpcHandler(RPC.identity.searchUsers)
  async search({ q }: In<typeof RPC.identity.searchUsers>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return { people: await this.users.searchByUsername(q) };
  }

  /** Rendering's ZIP workers ask who a job's owner is now (never trusting the job's own words). */
  @RpcHandler(RPC.identity.userActor)
  actor({ userId }: In<typeof RPC.identity.userActor>) {
    return this.users.actorOf(userId);
  }
}
