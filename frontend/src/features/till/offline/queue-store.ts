import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { RESULTS_KEPT, type PendingRedeem, type QueueStore, type RedeemResult } from './queue-types';

const DB_NAME = 'avpass-till';
const DB_VERSION = 1;

interface TillQueueDb extends DBSchema {
  pending: { key: string; value: PendingRedeem; indexes: { savedAt: string } };
  results: { key: string; value: RedeemResult; indexes: { settledAt: string } };
}

let database: Promise<IDBPDatabase<TillQueueDb>> | null = null;

function db(): Promise<IDBPDatabase<TillQueueDb>> {
  database ??= openDB<TillQueueDb>(DB_NAME, DB_VERSION, {
    upgrade(upgrade) {
      upgrade.createObjectStore('pending', { keyPath: 'idempotencyKey' }).createIndex('savedAt', 'savedAt');
      upgrade
        .createObjectStore('results', { keyPath: 'idempotencyKey' })
        .createIndex('settledAt', 'settledAt');
    },
    // Another tab opened a newer version: close, so its upgrade is not blocked.
    blocking() {
      void database?.then((open) => open.close());
      database = null;
    },
  }).catch((error: unknown) => {
    database = null; // a later call tries again (storage can come back)
    throw error;
  });
  return database;
}

/** The queue in this browser's IndexedDB (one database for every tab of the origin). */
export const idbQueueStore: QueueStore = {
  async pending() {
    return (await db()).getAllFromIndex('pending', 'savedAt');
  },
  async get(idempotencyKey) {
    return (await db()).get('pending', idempotencyKey);
  },
  async add(item) {
    await (await db()).put('pending', item);
  },
  async settle(result) {
    const tx = (await db()).transaction(['pending', 'results'], 'readwrite');
    const pending = tx.objectStore('pending');
    const results = tx.objectStore('results');
    if (!(await pending.get(result.idempotencyKey))) {
      await tx.done;
      return false;
    }
    await pending.delete(result.idempotencyKey);
    await results.put(result);
    // Keep the newest RESULTS_KEPT: delete from the oldest end.
    let extra = (await results.count()) - RESULTS_KEPT;
    let cursor = extra > 0 ? await results.index('settledAt').openCursor() : null;
    while (cursor && extra > 0) {
      await cursor.delete();
      extra -= 1;
      cursor = await cursor.continue();
    }
    await tx.done;
    return true;
  },
  async results() {
    return (await (await db()).getAllFromIndex('results', 'settledAt')).reverse();
  },
};

/** The same store in memory (unit tests; a browser without IndexedDB would lose it on reload). */
export function memoryQueueStore(): QueueStore {
  const pending = new Map<string, PendingRedeem>();
  const results = new Map<string, RedeemResult>();
  const byTime = <T>(items: T[], time: (item: T) => string) =>
    items.sort((a, b) => (time(a) < time(b) ? -1 : time(a) > time(b) ? 1 : 0));
  return {
    async pending() {
      return byTime([...pending.values()], (item) => item.savedAt);
    },
    async get(key) {
      return pending.get(key);
    },
    async add(item) {
      pending.set(item.idempotencyKey, { ...item });
    },
    async settle(result) {
      if (!pending.delete(result.idempotencyKey)) return false;
      results.set(result.idempotencyKey, { ...result });
      const oldest = byTime([...results.values()], (item) => item.settledAt);
      for (const item of oldest.slice(0, Math.max(0, oldest.length - RESULTS_KEPT))) {
        results.delete(item.idempotencyKey);
      }
      return true;
    },
    async results() {
      return byTime([...results.values()], (item) => item.settledAt).reverse();
    },
  };
}
