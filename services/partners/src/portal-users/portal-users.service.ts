import { RPC, type CreatePortalUserRequest, type PortalUser, type RpcMeta } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { CompaniesService } from '../companies';

/**
 * A partner's portal users. Credentials live in identity; this service vouches that the company
 * exists, then asks identity. Identity's refusals (a taken username) come back as they were thrown.
 */
@Injectable()
export class PortalUsersService {
  constructor(
    private readonly companies: CompaniesService,
    private readonly rpc: RpcClient,
  ) {}

  async list(partnerId: string, meta: RpcMeta): Promise<PortalUser[]> {
    await this.companies.requireCompany(partnerId);
    return this.rpc.call(RPC.identity.listCompanyUsers, { companyId: partnerId }, meta);
  }

  async create(partnerId: string, user: CreatePortalUserRequest, meta: RpcMeta): Promise<PortalUser> {
    await this.companies.requireCompany(partnerId);
    return this.rpc.call(RPC.identity.createPortalUser, { companyId: partnerId, user }, meta);
  }

  async setActive(partnerId: string, userId: string, isActive: boolean, meta: RpcMeta): Promise<PortalUser> {
    await this.companies.requireCompany(partnerId);
    return this.rpc.call(RPC.identity.setUserActive, { companyId: partnerId, userId, isActive }, meta);
  }
}
