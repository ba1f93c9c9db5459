import { RPC, type RpcMeta } from '@avpass/contracts';
import { requireActor, requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { DashboardFigures } from './dashboard-figures.service';

/** Spec section 7, "Stats": the dashboards' figures, read from the tallies. */
@Controller()
export class TalliesHandlers {
  constructor(private readonly figures: DashboardFigures) {}

  @RpcHandler(RPC.vouchers.adminStats)
  adminStats(_: object, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.figures.adminStats();
  }

  @RpcHandler(RPC.vouchers.publicStats)
  publicStats() {
    return this.figures.publicStats();
  }

  @RpcHandler(RPC.vouchers.companyStats)
  companyStats(_: object, meta: RpcMeta) {
    return this.figures.companyStats(requireActor(meta));
  }
}
