import { UUID_PATTERN, type Actor, type VoucherSettings } from '@avpass/contracts';
import { Injectable } from '@nestjs/common';
import { VoucherSettingsRepository } from './voucher-settings.repository';

/** Club-wide voucher defaults (issue 25): every signed-in user reads them, the administrator sets them. */
@Injectable()
export class VoucherSettingsService {
  constructor(private readonly settings: VoucherSettingsRepository) {}

  async get(): Promise<VoucherSettings> {
    return { defaultRedemptionMode: await this.settings.defaultRedemptionMode() };
  }

  async update(actor: Actor, input: VoucherSettings): Promise<VoucherSettings> {
    const userId = UUID_PATTERN.test(actor.userId) ? actor.userId : null;
    return { defaultRedemptionMode: await this.settings.update(input.defaultRedemptionMode, userId) };
  }
}
