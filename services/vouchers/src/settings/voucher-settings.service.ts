import {
  UUID_PATTERN,
  type Actor,
  type RpcMeta,
  type UpdateVoucherSettings,
  type VoucherSettings,
} from '@avpass/contracts';
import { AuditTrail, diffChanges, Transactions } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { VoucherSettingsRepository } from './voucher-settings.repository';

/** Club-wide voucher defaults (issues 25, 39): every signed-in user reads them, the administrator sets them. */
@Injectable()
export class VoucherSettingsService {
  constructor(
    private readonly settings: VoucherSettingsRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditTrail,
  ) {}

  async get(): Promise<VoucherSettings> {
    return this.settings.defaults();
  }

  /** The change and its audit entry in one transaction (issue 26); a default left out stays. */
  async update(actor: Actor, input: UpdateVoucherSettings, meta: RpcMeta): Promise<VoucherSettings> {
    const userId = UUID_PATTERN.test(actor.userId) ? actor.userId : null;
    return this.transactions.run(async (tx) => {
      const before = await this.settings.defaults(tx);
      const after = await this.settings.update(input, userId, tx);
      this.audit.appendEntry(tx, meta, {
        action: 'vouchers.settings.updated',
        targetType: 'voucher-settings',
        targetId: null,
        companyId: null,
        changes: diffChanges(before, after),
      });
      return after;
    });
  }
}
