import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { CompaniesService } from './companies.service';

/** Partner vendors, managed by the platform administrator (the gateway checks the role). */
@Controller()
export class CompaniesHandlers {
  constructor(private readonly companies: CompaniesService) {}

  @RpcHandler(RPC.partners.list)
  list() {
    return this.companies.list();
  }

  @RpcHandler(RPC.partners.page)
  page(query: In<typeof RPC.partners.page>) {
    return this.companies.page(query);
  }

  /** Internal (gateway): before it deletes a replaced or removed photo's file. */
  @RpcHandler(RPC.partners.uploadsInUse)
  async uploadsInUse({ urls }: In<typeof RPC.partners.uploadsInUse>) {
    return { inUse: await this.companies.uploadsInUse(urls) };
  }

  @RpcHandler(RPC.partners.get)
  get({ id }: In<typeof RPC.partners.get>) {
    return this.companies.get(id);
  }

  /** Internal (vouchers' voucher page and assignment checks): a few partners by id. */
  @RpcHandler(RPC.partners.getMany)
  async getMany({ ids }: In<typeof RPC.partners.getMany>) {
    return { vendors: await this.companies.getMany(ids) };
  }

  @RpcHandler(RPC.partners.create)
  create(input: In<typeof RPC.partners.create>, meta: RpcMeta) {
    return this.companies.create(input, meta);
  }

  /** Only the fields the caller sent change (the contract drops the rest). */
  @RpcHandler(RPC.partners.update)
  update({ id, changes }: In<typeof RPC.partners.update>, meta: RpcMeta) {
    return this.companies.update(id, changes, meta);
  }

  @RpcHandler(RPC.partners.remove)
  remove({ id }: In<typeof RPC.partners.remove>, meta: RpcMeta) {
    return this.companies.remove(id, meta);
  }

  @RpcHandler(RPC.partners.listCompanies)
  listCompanies(_: object, meta: RpcMeta) {
    return this.companies.listCompanies(requireActor(meta));
  }

  @RpcHandler(RPC.partners.addPhoto)
  addPhoto(input: In<typeof RPC.partners.addPhoto>, meta: RpcMeta) {
    return this.companies.addPhoto(input, meta);
  }
}
