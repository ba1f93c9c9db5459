import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { AssignmentService } from './assignment.service';

/** Which partners a code is assigned to: one code's list and set, and bulk assignment (issue 24). */
@Controller()
export class AssignmentHandlers {
  constructor(private readonly assignment: AssignmentService) {}

  @RpcHandler(RPC.vouchers.listPartners)
  listPartners({ id }: In<typeof RPC.vouchers.listPartners>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.assignment.list(id);
  }

  @RpcHandler(RPC.vouchers.assignPartners)
  assignPartners({ id, partnerIds }: In<typeof RPC.vouchers.assignPartners>, meta: RpcMeta) {
    return this.assignment.replace(requireSuperAdmin(meta), id, partnerIds, meta);
  }

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
