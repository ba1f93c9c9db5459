import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { VoucherSettingsService } from './voucher-settings.service';

/** GET/PUT /api/settings/vouchers: the default redemption mode of new codes and who pays for their discount. */
@Controller()
export class VoucherSettingsHandlers {
  constructor(private readonly settings: VoucherSettingsService) {}

  @RpcHandler(RPC.vouchers.getVoucherSettings)
  get(_: object, meta: RpcMeta) {
    requireActor(meta);
    return this.settings.get();
  }

  @RpcHandler(RPC.vouchers.updateVoucherSettings)
  update(input: In<typeof RPC.vouchers.updateVoucherSettings>, meta: RpcMeta) {
    return this.settings.update(requireSuperAdmin(meta), input, meta);
  }
}
