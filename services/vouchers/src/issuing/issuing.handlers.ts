import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { CodeCatalogue } from './code-catalogue.service';
import { QrCodesService } from './qr-codes.service';

/**
 * Spec section 7, "Public" and "QR codes": make, list and remove codes, and the member's page. Each
 * request is validated by its contract (RPC_CONTRACTS) before the method runs. The gateway checks
 * roles too.
 */
@Controller()
export class IssuingHandlers {
  constructor(
    private readonly codes: QrCodesService,
    private readonly catalogue: CodeCatalogue,
  ) {}

  @RpcHandler(RPC.vouchers.generate)
  generate(input: In<typeof RPC.vouchers.generate>, meta: RpcMeta) {
    // Any signed-in user (spec §2); a company_admin's codes are its own company's (the service's rule).
    return this.codes.generate(requireActor(meta), input, meta);
  }

  @RpcHandler(RPC.vouchers.bulkGenerate)
  bulkGenerate(input: In<typeof RPC.vouchers.bulkGenerate>, meta: RpcMeta) {
    return this.codes.bulkGenerate(requireActor(meta), input, meta);
  }

  @RpcHandler(RPC.vouchers.listRecent)
  listRecent(_: object, meta: RpcMeta) {
    return this.catalogue.listRecent(requireActor(meta));
  }

  @RpcHandler(RPC.vouchers.listForActor)
  listForActor(query: In<typeof RPC.vouchers.listForActor>, meta: RpcMeta) {
    return this.catalogue.list(requireActor(meta), query);
  }

  /** Internal (gateway): before it deletes a partner's replaced or removed photo files. */
  @RpcHandler(RPC.vouchers.uploadsInUse)
  async uploadsInUse({ urls }: In<typeof RPC.vouchers.uploadsInUse>) {
    return { inUse: await this.catalogue.uploadsInUse(urls) };
  }

  /** Internal (gateway): the titles the audit trail names its codes by (issue 44). */
  @RpcHandler(RPC.vouchers.codeTitles)
  async codeTitles({ ids }: In<typeof RPC.vouchers.codeTitles>, meta: RpcMeta) {
    requireActor(meta);
    return { codes: await this.catalogue.titles(ids) };
  }

  @RpcHandler(RPC.vouchers.getPublic)
  getPublic({ id }: In<typeof RPC.vouchers.getPublic>) {
    return this.catalogue.getPublic(id);
  }

  @RpcHandler(RPC.vouchers.remove)
  remove({ id }: In<typeof RPC.vouchers.remove>, meta: RpcMeta) {
    return this.codes.remove(requireActor(meta), id, meta);
  }

  @RpcHandler(RPC.vouchers.adminList)
  adminList(query: In<typeof RPC.vouchers.adminList>, meta: RpcMeta) {
    return this.catalogue.list(requireSuperAdmin(meta), query);
  }

  @RpcHandler(RPC.vouchers.listForVendor)
  listForVendor({ id, ...window }: In<typeof RPC.vouchers.listForVendor>, meta: RpcMeta) {
    return this.catalogue.listForVendor(requireSuperAdmin(meta), id, window);
  }
}
