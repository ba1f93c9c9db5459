import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { TrainersService } from './trainers.service';

/** Spec section 7 "Trainer": trainer/athlete codes, their saved form configuration and analytics. */
@Controller()
export class TrainersHandlers {
  constructor(private readonly trainers: TrainersService) {}

  @RpcHandler(RPC.vouchers.generateTrainer)
  generate(input: In<typeof RPC.vouchers.generateTrainer>, meta: RpcMeta) {
    return this.trainers.generateTrainerQr(requireSuperAdmin(meta), input, meta);
  }

  @RpcHandler(RPC.vouchers.listTrainers)
  list(query: In<typeof RPC.vouchers.listTrainers>, meta: RpcMeta) {
    return this.trainers.list(requireActor(meta), query);
  }

  @RpcHandler(RPC.vouchers.getTrainerConfig)
  getConfig(_: object, meta: RpcMeta) {
    return this.trainers.getConfig(requireSuperAdmin(meta));
  }

  @RpcHandler(RPC.vouchers.saveTrainerConfig)
  saveConfig(config: In<typeof RPC.vouchers.saveTrainerConfig>, meta: RpcMeta) {
    return this.trainers.saveConfig(requireSuperAdmin(meta), config, meta);
  }

  @RpcHandler(RPC.vouchers.trainerAnalytics)
  analytics(query: In<typeof RPC.vouchers.trainerAnalytics>, meta: RpcMeta) {
    return this.trainers.analytics(requireActor(meta), query);
  }

  @RpcHandler(RPC.vouchers.trainerExportPage)
  exportPage(query: In<typeof RPC.vouchers.trainerExportPage>, meta: RpcMeta) {
    return this.trainers.exportPage(requireActor(meta), query);
  }
}
