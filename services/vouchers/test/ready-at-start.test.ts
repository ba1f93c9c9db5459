import { RPC } from '@avpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVoucherServices, type VoucherServices } from './support/services';

// A service says it is ready only once the NATS server holds its subscriptions (NamespacedNatsServer's
// start flushes): before, Nest reported ready as soon as it had sent them, so the first caller of a
// restarted instance could be told "no responders" and get 503 (a fresh-clone CI run saw it in
// business-time-zone.test.ts, stop 57). Without the flush this test fails.
let s: VoucherServices;
beforeAll(async () => {
  s = await startVoucherServices();
});
afterAll(async () => s?.close());

describe('a service instance that says it is ready', () => {
  it('answers the first call sent the moment it started, restart after restart', async () => {
    for (let round = 0; round < 8; round++) {
      for (const app of [...s.vouchers]) await s.stopVouchers(app);
      await s.startVouchers();
      const answer = await s.call(RPC.vouchers.listRecent, {});
      expect(answer, `round ${round + 1}`).toBeDefined();
    }
  });
});
