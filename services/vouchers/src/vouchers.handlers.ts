import {
  assignPartnersRequestSchema,
  bulkGenerateRequestSchema,
  generateQrRequestSchema,
  IDEMPOTENCY_KEY_PATTERN,
  listQuerySchema,
  RPC,
  uuidParam,
  type RpcRequest,
} from '@avpass/contracts';
import { parsePayload } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import { requireActor, requireSuperAdmin } from './actor';
import { AssignmentService } from './assignment/assignment.service';
import { QrCodesService } from './codes/qr-codes.service';
import { RedeemService } from './redeem/redeem.service';
import { StatsService } from './stats/stats.service';

const byId = z.object({ id: uuidParam });
/** Public reads take any text: a malformed id is "not found", like an unknown one. */
const anyId = z.object({ id: z.string().max(200) });
const redeemRequest = anyId.extend({
  idempotencyKey: z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, 'Idempotency-Key must be 1-200 visible ASCII characters')
    .optional(),
});
const vendorList = listQuerySchema.extend({ id: uuidParam });
const assignRequest = assignPartnersRequestSchema.extend({ id: uuidParam });

/** Spec section 7: "Public", "QR codes" and "Stats, admin lists". The gateway checks roles too. */
@Controller()
export class VouchersHandlers {
  constructor(
    private readonly codes: QrCodesService,
    private readonly redeemer: RedeemService,
    private readonly assignment: AssignmentService,
    private readonly stats: StatsService,
  ) {}

  @MessagePattern(RPC.vouchers.generate)
  generate(@Payload() request: RpcRequest<unknown>) {
    const actor = requireSuperAdmin(request);
    return this.codes.generate(actor, parsePayload(generateQrRequestSchema, request));
  }

  @MessagePattern(RPC.vouchers.bulkGenerate)
  bulkGenerate(@Payload() request: RpcRequest<unknown>) {
    const actor = requireSuperAdmin(request);
    return this.codes.bulkGenerate(actor, parsePayload(bulkGenerateRequestSchema, request));
  }

  @MessagePattern(RPC.vouchers.listRecent)
  listRecent(@Payload() request: RpcRequest<unknown>) {
    return this.codes.listRecent(requireActor(request));
  }

  @MessagePattern(RPC.vouchers.listForActor)
  listForActor(@Payload() request: RpcRequest<unknown>) {
    return this.codes.list(requireActor(request), parsePayload(listQuerySchema, request));
  }

  @MessagePattern(RPC.vouchers.getPublic)
  getPublic(@Payload() request: RpcRequest<unknown>) {
    return this.codes.getPublic(parsePayload(anyId, request).id);
  }

  @MessagePattern(RPC.vouchers.redeem)
  redeem(@Payload() request: RpcRequest<unknown>) {
    const { id, idempotencyKey } = parsePayload(redeemRequest, request);
    return this.redeemer.redeem(id, idempotencyKey, request.meta);
  }

  @MessagePattern(RPC.vouchers.remove)
  remove(@Payload() request: RpcRequest<unknown>) {
    return this.codes.remove(requireActor(request), parsePayload(byId, request).id);
  }

  @MessagePattern(RPC.vouchers.adminStats)
  adminStats(@Payload() request: RpcRequest<unknown>) {
    requireSuperAdmin(request);
    return this.stats.adminStats();
  }

  @MessagePattern(RPC.vouchers.publicStats)
  publicStats() {
    return this.stats.publicStats();
  }

  @MessagePattern(RPC.vouchers.adminList)
  adminList(@Payload() request: RpcRequest<unknown>) {
    const actor = requireSuperAdmin(request);
    return this.codes.list(actor, parsePayload(listQuerySchema, request));
  }

  @MessagePattern(RPC.vouchers.adminRedemptions)
  adminRedemptions(@Payload() request: RpcRequest<unknown>) {
    const actor = requireSuperAdmin(request);
    return this.stats.redemptions(actor, parsePayload(listQuerySchema, request));
  }

  @MessagePattern(RPC.vouchers.adminBatches)
  adminBatches(@Payload() request: RpcRequest<unknown>) {
    requireSuperAdmin(request);
    return this.codes.listBatches(parsePayload(listQuerySchema, request));
  }

  @MessagePattern(RPC.vouchers.adminBatch)
  adminBatch(@Payload() request: RpcRequest<unknown>) {
    requireSuperAdmin(request);
    return this.codes.getBatch(parsePayload(byId, request).id);
  }

  @MessagePattern(RPC.vouchers.companyStats)
  companyStats(@Payload() request: RpcRequest<unknown>) {
    return this.stats.companyStats(requireActor(request));
  }

  @MessagePattern(RPC.vouchers.companyRedemptions)
  companyRedemptions(@Payload() request: RpcRequest<unknown>) {
    return this.stats.redemptions(requireActor(request), parsePayload(listQuerySchema, request));
  }

  @MessagePattern(RPC.vouchers.listPartners)
  listPartners(@Payload() request: RpcRequest<unknown>) {
    requireSuperAdmin(request);
    return this.assignment.list(parsePayload(byId, request).id);
  }

  @MessagePattern(RPC.vouchers.assignPartners)
  assignPartners(@Payload() request: RpcRequest<unknown>) {
    const actor = requireSuperAdmin(request);
    const { id, partnerIds } = parsePayload(assignRequest, request);
    return this.assignment.replace(actor, id, partnerIds, request.meta);
  }

  @MessagePattern(RPC.vouchers.listForVendor)
  listForVendor(@Payload() request: RpcRequest<unknown>) {
    const actor = requireSuperAdmin(request);
    const { id, ...window } = parsePayload(vendorList, request);
    return this.codes.listForVendor(actor, id, window);
  }
}
