import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { AssignmentService } from './assignment/assignment.service';
import { QrCodesService } from './issuing/qr-codes.service';
import { RedeemService } from './redemptions/redeem.service';
import { StatsService } from './redemptions/stats.service';

/**
 * Spec section 7: "Public", "QR codes" and "Stats, admin lists". Each request is validated by its
 * contract (RPC_CONTRACTS) before the method runs. The gateway checks roles too.
 */
@Controller()
export class VouchersHandlers {
  constructor(
    private readonly codes: QrCodesService,
    private readonly redeemer: RedeemService,
    private readonly assignment: AssignmentService,
    private readonly stats: StatsService,
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
    return this.codes.listRecent(requireActor(meta));
  }

  @RpcHandler(RPC.vouchers.listForActor)
  listForActor(query: In<typeof RPC.vouchers.listForActor>, meta: RpcMeta) {
    return this.codes.list(requireActor(meta), query);
  }

  /** Internal (gateway): before it deletes a partner's replaced or removed photo files. */
  @RpcHandler(RPC.vouchers.uploadsInUse)
  async uploadsInUse({ urls }: In<typeof RPC.vouchers.uploadsInUse>) {
    return { inUse: await this.codes.uploadsInUse(urls) };
  }

  /** Internal (gateway): the titles the audit trail names its codes by (issue 44). */
  @RpcHandler(RPC.vouchers.codeTitles)
  async codeTitles({ ids }: In<typeof RPC.vouchers.codeTitles>, meta: RpcMeta) {
    requireActor(meta);
    return { codes: await this.codes.titles(ids) };
  }

  @RpcHandler(RPC.vouchers.getPublic)
  getPublic({ id }: In<typeof RPC.vouchers.getPublic>) {
    return this.codes.getPublic(id);
  }

  @RpcHandler(RPC.vouchers.redeem)
  redeem({ id, idempotencyKey, transactionAmount }: In<typeof RPC.vouchers.redeem>, meta: RpcMeta) {
    return this.redeemer.redeem(id, idempotencyKey, meta, transactionAmount);
  }

  @RpcHandler(RPC.vouchers.remove)
  remove({ id }: In<typeof RPC.vouchers.remove>, meta: RpcMeta) {
    return this.codes.remove(requireActor(meta), id, meta);
  }

  @RpcHandler(RPC.vouchers.adminStats)
  adminStats(_: object, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.stats.adminStats();
  }

  @RpcHandler(RPC.vouchers.publicStats)
  publicStats() {
    return this.stats.publicStats();
  }

  @RpcHandler(RPC.vouchers.adminList)
  adminList(query: In<typeof RPC.vouchers.adminList>, meta: RpcMeta) {
    return this.codes.list(requireSuperAdmin(meta), query);
  }

  @RpcHandler(RPC.vouchers.adminRedemptions)
  adminRedemptions(query: In<typeof RPC.vouchers.adminRedemptions>, meta: RpcMeta) {
    return this.stats.redemptions(requireSuperAdmin(meta), query);
  }

  @RpcHandler(RPC.vouchers.adminBatches)
  adminBatches(query: In<typeof RPC.vouchers.adminBatches>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.codes.listBatches(query);
  }

  @RpcHandler(RPC.vouchers.adminBatch)
  adminBatch({ id }: In<typeof RPC.vouchers.adminBatch>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.codes.getBatch(id);
  }

  @RpcHandler(RPC.vouchers.companyStats)
  companyStats(_: object, meta: RpcMeta) {
    return this.stats.companyStats(requireActor(meta));
  }

  @RpcHandler(RPC.vouchers.companyRedemptions)
  companyRedemptions(query: In<typeof RPC.vouchers.companyRedemptions>, meta: RpcMeta) {
    return this.stats.redemptions(requireActor(meta), query);
  }

  @RpcHandler(RPC.vouchers.listPartners)
  listPartners({ id }: In<typeof RPC.vouchers.listPartners>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.assignment.list(id);
  }

  @RpcHandler(RPC.vouchers.assignPartners)
  assignPartners({ id, partnerIds }: In<typeof RPC.vouchers.assignPartners>, meta: RpcMeta) {
    return this.assignment.replace(requireSuperAdmin(meta), id, partnerIds, meta);
  }

  @RpcHandler(RPC.vouchers.listForVendor)
  listForVendor({ id, ...window }: In<typeof RPC.vouchers.listForVendor>, meta: RpcMeta) {
    return this.codes.listForVendor(requireSuperAdmin(meta), id, window);
  }
}
