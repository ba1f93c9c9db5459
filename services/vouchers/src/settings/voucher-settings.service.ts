import { UUID_PATTERN, type Actor, type RpcMeta, type VoucherSettings } from '@avpass/contracts';
import { AuditTrail, diffChanges, Transactions } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { VoucherSettingsRepository } from './voucher-settings.repository';

/** Club-wide voucher defaults (issue 25): every signed-in user reads them, the administrator sets them. */
@Injectable()
export class VoucherSettingsService {
  constructor(
    private readonly settings: VoucherSettingsRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditTrail,
  ) {}

  async get(): Promise<VoucherSettings> {
    return { defaultRedemptionMode: await this.settings.defaultRedemptionMode() };
  }

  /** The change and its audit entry in one transaction (issue 26). */
  async update(actor: Actor, input: VoucherSettings, meta: RpcMeta): Promise<VoucherSettings> {
    const userId = UUID_PATTERN.test(actor.userId) ? actor.userId : null;
    return this.transactions.run(async (tx) => {
      const before = await this.settings.defaultRedemptionMode(tx);
      const after = await this.settings.update(input.defaultRedemptionMode, userId, tx);
      this.audit.appendEntry(tx, meta, {
        action: 'vouchers.settings.updated',
        targetType: 'voucher-settings',
        targetId: null,
        companyId: null,
        changes: diffChanges({ defaultRedemptionMode: before }, { defaultRedemptionMode: after }),
      });
      return { defaultRedemptionMode: after };
    });
  }
}
