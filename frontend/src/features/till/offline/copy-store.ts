import type { PassPublicKey } from '@avpass/contracts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CopyCode, CopyMeta, CopyStore } from './copy-types';

const DB_NAME = 'avpass-till-copy';
/** 2 (issue 43): the codes indexed by their holder's member id; the member pass's keys and revocations. */
const DB_VERSION = 2;
const PASS_KEYS = 'keys';
/** Above every id that starts with a given prefix (ids are lower-case hex and dashes). */
const AFTER_HEX = '~';
const META_KEY = 'copy';

/**
 * A code of the copy as stored: stamped with the run that last wrote it, without its prefix (the id's
 * start: a prefix is looked up as a range of the primary key, so neither the field nor an index of it
 * is stored 100,000 times).
 */
type StoredCode = Omit<CopyCode, 'prefix'> & { run: number };

interface TillCopyDb extends DBSchema {
  codes: { key: string; value: StoredCode; indexes: { run: number; memberId: string } };
  meta: { key: string; value: CopyMeta };
  passKeys: { key: string; value: PassPublicKey[] };
  /** memberId → the member's current pass version (codes of older versions are refused). */
  revocations: { key: string; value: { memberId: string; passVersion: number } };
}

let database: Promise<IDBPDatabase<TillCopyDb>> | null = null;

// A database of its own (not the queue's): the copy can be dropped and read again at any time.
function db(): Promise<IDBPDatabase<TillCopyDb>> {
  database ??= openDB<TillCopyDb>(DB_NAME, DB_VERSION, {
    upgrade(upgrade, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        upgrade.createObjectStore('codes', { keyPath: 'id' }).createIndex('run', 'run');
        upgrade.createObjectStore('meta');
      }
      if (oldVersion < 2) {
        // Held codes by member (a row without memberId, a bearer code, is left out of the index).
        tx.objectStore('codes').createIndex('memberId', 'memberId');
        upgrade.createObjectStore('passKeys');
        upgrade.createObjectStore('revocations', { keyPath: 'memberId' });
        // A version-1 copy has no member ids: the next refresh reads the whole copy again.
        void tx.objectStore('meta').clear();
      }
    },
    blocking() {
      void database?.then((open) => open.close());
      database = null;
    },
  }).catch((error: unknown) => {
    database = null;
    throw error;
  });
  return database;
}

const unstamped = ({ run: _run, ...code }: StoredCode): CopyCode => ({
  ...code,
  prefix: code.id.slice(0, 8),
});
const stamped = ({ prefix: _prefix, ...code }: CopyCode, run: number): StoredCode => ({ ...code, run });

/** The copy in this browser's IndexedDB (one for every tab of the origin). */
export const idbCopyStore: CopyStore = {
  async meta() {
    return (await db()).get('meta', META_KEY);
  },
  async setMeta(meta) {
    await (await db()).put('meta', meta, META_KEY);
  },
  async byId(id) {
    const found = await (await db()).get('codes', id);
    return found && unstamped(found);
  },
  async byPrefix(prefix, limit) {
    const range = IDBKeyRange.bound(prefix, `${prefix}${AFTER_HEX}`);
    return (await (await db()).getAll('codes', range, limit)).map(unstamped);
  },
  async apply(items, removed, run) {
    const tx = (await db()).transaction('codes', 'readwrite');
    await Promise.all([
      ...items.map((item) => tx.store.put(stamped(item, run))),
      ...removed.map((id) => tx.store.delete(id)),
      tx.done,
    ]);
  },
  async dropOtherRuns(run) {
    const tx = (await db()).transaction('codes', 'readwrite');
    const index = tx.store.index('run');
    for (const range of [IDBKeyRange.upperBound(run, true), IDBKeyRange.lowerBound(run, true)]) {
      let cursor = await index.openCursor(range);
      while (cursor) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
    }
    await tx.done;
  },
  async count() {
    return (await db()).count('codes');
  },
  async clear() {
    const tx = (await db()).transaction(['codes', 'meta', 'passKeys', 'revocations'], 'readwrite');
    await Promise.all([
      tx.objectStore('codes').clear(),
      tx.objectStore('meta').clear(),
      tx.objectStore('passKeys').clear(),
      tx.objectStore('revocations').clear(),
      tx.done,
    ]);
  },
  async byMember(memberId, limit) {
    return (await (await db()).getAllFromIndex('codes', 'memberId', memberId, limit)).map(unstamped);
  },
  async passKeys() {
    return (await (await db()).get('passKeys', PASS_KEYS)) ?? [];
  },
  async setPassKeys(keys) {
    await (await db()).put('passKeys', keys, PASS_KEYS);
  },
  async revokedVersion(memberId) {
    return (await (await db()).get('revocations', memberId))?.passVersion;
  },
  async applyRevocations(items, replace) {
    const tx = (await db()).transaction('revocations', 'readwrite');
    if (replace) await tx.store.clear();
    for (const item of items) {
      const known = await tx.store.get(item.memberId);
      if (!known || known.passVersion < item.passVersion) await tx.store.put(item);
    }
    await tx.done;
  },
};

/** The same store in memory (unit tests). */
export function memoryCopyStore(): CopyStore {
  const codes = new Map<string, StoredCode>();
  let meta: CopyMeta | undefined;
  let passKeys: PassPublicKey[] = [];
  const revocations = new Map<string, number>();
  return {
    async meta() {
      return meta && { ...meta };
    },
    async setMeta(next) {
      meta = { ...next };
    },
    async byId(id) {
      const found = codes.get(id);
      return found && unstamped(found);
    },
    async byPrefix(prefix, limit) {
      return [...codes.values()]
        .filter((code) => code.id.startsWith(prefix))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(0, limit)
        .map(unstamped);
    },
    async apply(items, removed, run) {
      for (const item of items) codes.set(item.id, stamped(item, run));
      for (const id of removed) codes.delete(id);
    },
    async dropOtherRuns(run) {
      for (const [id, code] of codes) if (code.run !== run) codes.delete(id);
    },
    async count() {
      return codes.size;
    },
    async clear() {
      codes.clear();
      meta = undefined;
      passKeys = [];
      revocations.clear();
    },
    async byMember(memberId, limit) {
      return [...codes.values()]
        .filter((code) => code.memberId === memberId)
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(0, limit)
        .map(unstamped);
    },
    async passKeys() {
      return passKeys.map((key) => ({ ...key }));
    },
    async setPassKeys(keys) {
      passKeys = keys.map((key) => ({ ...key }));
    },
    async revokedVersion(memberId) {
      return revocations.get(memberId);
    },
    async applyRevocations(items, replace) {
      if (replace) revocations.clear();
      for (const item of items)
        revocations.set(item.memberId, Math.max(revocations.get(item.memberId) ?? 0, item.passVersion));
    },
  };
}
