import type { Actor } from '@avpass/contracts';
import { inventoryService } from '@avpass/inventory-service';
import { partnersService } from '@avpass/partners-service';
import { createServiceApp } from '@avpass/platform';
import { startTestBed, type TestBed } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';

export const SUPER_ADMIN: Actor = { userId: randomUUID(), role: 'super_admin', companyId: null };
export const companyActor = (companyId: string): Actor => ({
  userId: randomUUID(),
  role: 'company_admin',
  companyId,
});

/**
 * The inventory service (`instances` copies sharing one database and one NATS queue group, so
 * requests are spread between them) and the partners service, in this process, against the real
 * PostgreSQL, Redis and NATS.
 */
export async function startInventoryServices(options: { instances?: number } = {}): Promise<TestBed> {
  return startTestBed({
    name: 'inventory',
    defaultActor: SUPER_ADMIN,
    rpcTimeoutMs: 20_000,
    start: async (b) => {
      const config = inventoryService.loadConfig(b.env);
      // One at a time: each runs the migrations at start-up.
      for (let i = 0; i < (options.instances ?? 1); i++) {
        await b.add(createServiceApp(inventoryService, { config }));
      }
      // Allocations go only to partners it knows.
      await b.add(createServiceApp(partnersService, { env: b.env }));
    },
  });
}

export { refusal } from '@avpass/platform/testing';
