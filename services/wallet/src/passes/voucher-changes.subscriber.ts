import type { EventName } from '@avpass/contracts';
import type { EventHandler, EventSubscriber } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { PassChange } from './wallet-passes.repository';
import { WalletPassesService } from './wallet-passes.service';

/**
 * The vouchers service's events that change what a pass shows: a use, a use given back, the partners
 * it is honoured at, and the voucher going. A batch of them costs one statement: a primary-key probe
 * per voucher, most of which no wallet holds.
 */
@Injectable()
export class VoucherChangesSubscriber implements EventSubscriber {
  readonly consumerName = 'wallet';

  constructor(private readonly wallet: WalletPassesService) {}

  private on<E extends EventName>(reason: PassChange): EventHandler<E> {
    return {
      many: (events, tx) =>
        this.wallet.vouchersChanged(
          events.map((event) => (event.payload as { qrCodeId: string }).qrCodeId),
          reason,
          tx,
        ),
    };
  }

  readonly handlers = {
    'vouchers.voucher.redeemed.v1': this.on<'vouchers.voucher.redeemed.v1'>('redeemed'),
    'vouchers.redemption.cancelled.v1': this.on<'vouchers.redemption.cancelled.v1'>('redemption-cancelled'),
    'vouchers.voucher.assigned.v1': this.on<'vouchers.voucher.assigned.v1'>('partners-changed'),
    'vouchers.voucher.unassigned.v1': this.on<'vouchers.voucher.unassigned.v1'>('partners-changed'),
    'vouchers.voucher.deleted.v1': this.on<'vouchers.voucher.deleted.v1'>('deleted'),
  };
}
