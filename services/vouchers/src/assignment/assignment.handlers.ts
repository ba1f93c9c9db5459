import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { AssignmentService } from './assignment.service';

/** Assignment calls beyond the per-code ones of VouchersHandlers (issue 24). */
@Controller()
export class AssignmentHandlers {
  constructor(private readonly assignment: AssignmentService) {}

  @RpcHandler(RPC.vouchers.bulkAssignPartners)
  bulkAssignPartners(input: In<typeof RPC.vouchers.bulkAssignPartners>, meta: RpcMeta) {
    return this.assignment.bulkAssign(requireSuperAdmin(meta), input, meta);
  }

  /** Internal (the partners service's landing page): no actor, figures only. */
  @RpcHandler(RPC.vouchers.partnerOfferCounts)
  partnerOfferCounts({ partnerIds }: In<typeof RPC.vouchers.partnerOfferCounts>) {
    return this.assignment.offerCounts(partnerIds);
  }
}
