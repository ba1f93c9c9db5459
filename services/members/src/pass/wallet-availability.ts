import { RPC, type WalletAvailability } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

const KEEP_MS = 60_000;
const ASK_TIMEOUT_MS = 2_000;
const NONE: WalletAvailability = { google: false, apple: false };

/**
 * Which wallets can hold the pass here: the wallet service's own answer (wallet.availability.get.v1,
 * what the voucher page's badges read), kept a minute. While the wallet service does not answer, none:
 * the pass itself never waits on it for long.
 */
@Injectable()
export class WalletAvailabilityCache {
  private readonly logger = new Logger('WalletAvailability');
  private kept: { at: number; value: WalletAvailability } | null = null;

  constructor(private readonly rpc: RpcClient) {}

  async get(): Promise<WalletAvailability> {
    const now = Date.now();
    if (this.kept && now - this.kept.at < KEEP_MS) return this.kept.value;
    let value = NONE;
    try {
      const answer = await this.rpc.call(
        RPC.wallet.availability,
        {},
        { requestId: randomUUID() },
        ASK_TIMEOUT_MS,
      );
      value = { google: answer.google, apple: answer.apple };
    } catch (error) {
      this.logger.warn(`the wallet service did not say which wallets are configured: ${String(error)}`);
    }
    this.kept = { at: now, value };
    return value;
  }
}
