import type { TillCopyCode } from '@avpass/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSession } from '@/lib/session/use-session';
import { getTillCodes } from '../api/get-till-codes';
import { getPassKeys, getPassRevocations } from '../api/till-pass';
import { idbCopyStore } from './copy-store';
import { refreshCopy, refreshPassLists } from './copy-sync';
import type { CopyMeta } from './copy-types';
import { decideOffline, offlineKeyOf, type OfflineVerdict } from './offline-check';
import { judgePassOffline, type OfflinePassAnswer } from './offline-pass';
import type { PendingRedeem, RedeemResult } from './queue-types';
import { webLock } from './sync';

/** How often the copy asks what changed while the till is open and online (and at start, and online again). */
export const COPY_REFRESH_MS = 3 * 60_000;
/** At most this many codes are offered when typed characters match several (as the server's MAX_MATCHES). */
const MAX_MATCHES = 10;
/** At most this many of a member's codes are offered for a scanned pass (as the server's answer). */
const MAX_MEMBER_CODES = 50;

/** One refresh at a time over every tab of the till. */
const lock = webLock(undefined, 'avpass-till-copy-refresh');

/** What the copy answers for a scan or an entry: a verdict, or several codes to pick from. */
export type OfflineAnswer =
  | { kind: 'verdict'; verdict: OfflineVerdict; syncedAt: string }
  | { kind: 'matches'; matches: TillCopyCode[] };

export interface TillCopy {
  /** The copy on this phone for the signed-in partner (null: none yet, or the administrator). */
  meta: CopyMeta | null;
  /** Asks what changed now (no-op offline, or while another tab refreshes). */
  refresh: () => Promise<void>;
  /** The offline answer for what was scanned or typed, counting `pending` (this till's queue); null: no copy. */
  check: (text: string, pending: readonly { code: string }[]) => Promise<OfflineAnswer | null>;
  /**
   * A member pass judged offline (issue 43) from the kept keys, revocations and copy, counting this
   * till's queue (`pending`, and the sent `results` the copy does not count yet); null: no copy.
   */
  checkPass: (
    text: string,
    pending: readonly PendingRedeem[],
    results: readonly RedeemResult[],
  ) => Promise<{ answer: OfflinePassAnswer; syncedAt: string } | null>;
}

/**
 * The till's offline copy (issue 37), kept for partner staff: read whole once, then by delta at start,
 * every COPY_REFRESH_MS and when the browser is back online. Offline, `check` answers from it.
 */
export function useTillCopy(): TillCopy {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const partnerId = user?.role === 'company_admin' ? (user.companyId ?? null) : null;
  const shopName = user?.companyName ?? 'this shop';
  const [meta, setMeta] = useState<CopyMeta | null>(null);

  const refresh = useCallback(async () => {
    if (!partnerId) return;
    try {
      const mine = await idbCopyStore.meta();
      if (mine?.partnerId === partnerId) setMeta(mine);
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
      const next = await lock(async () => {
        const copied = await refreshCopy({ store: idbCopyStore, fetchPage: getTillCodes, partnerId });
        // The member pass's keys and revocations beside it (a failure leaves the copy as read).
        return (
          (await refreshPassLists({
            store: idbCopyStore,
            fetchKeys: getPassKeys,
            fetchRevocations: getPassRevocations,
          }).catch(() => undefined)) ?? copied
        );
      });
      // undefined: another tab refreshed it; read what it wrote.
      const latest = next ?? (await idbCopyStore.meta());
      if (latest?.partnerId === partnerId) setMeta(latest);
    } catch {
      // offline midway or storage refused: the copy keeps what it had; the next refresh tries again
    }
  }, [partnerId]);

  useEffect(() => {
    if (!partnerId) return;
    const start = window.setTimeout(() => void refresh(), 0);
    const timer = window.setInterval(() => void refresh(), COPY_REFRESH_MS);
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => {
      window.clearTimeout(start);
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [partnerId, refresh]);

  const check = useCallback(
    async (text: string, pending: readonly { code: string }[]): Promise<OfflineAnswer | null> => {
      if (!partnerId) return null;
      const copy = await idbCopyStore.meta().catch(() => undefined);
      if (!copy || copy.partnerId !== partnerId) return null;
      const key = offlineKeyOf(text, window.location.host);
      let code: TillCopyCode | undefined;
      if (key.kind === 'id') code = await idbCopyStore.byId(key.id);
      if (key.kind === 'prefix') {
        const found = await idbCopyStore.byPrefix(key.prefix, MAX_MATCHES);
        if (found.length > 1) return { kind: 'matches', matches: found };
        code = found[0];
      }
      const verdict = decideOffline({
        key,
        code,
        pending,
        now: new Date(),
        timeZone: copy.timeZone,
        shopName,
      });
      return { kind: 'verdict', verdict, syncedAt: copy.syncedAt };
    },
    [partnerId, shopName],
  );

  const checkPass = useCallback(
    async (text: string, pending: readonly PendingRedeem[], results: readonly RedeemResult[]) => {
      if (!partnerId) return null;
      const copy = await idbCopyStore.meta().catch(() => undefined);
      if (!copy || copy.partnerId !== partnerId) return null;
      // The verifier (WebCrypto, else noble) loads only now: not in the till's first chunk.
      const { passVerifier } = await import('./pass-verifier');
      const { verify } = await passVerifier();
      const answer = await judgePassOffline({
        text,
        now: new Date(),
        lookup: {
          keys: await idbCopyStore.passKeys(),
          revokedVersion: (memberId) => idbCopyStore.revokedVersion(memberId),
          codesOf: (memberId) => idbCopyStore.byMember(memberId, MAX_MEMBER_CODES),
        },
        verify,
        pending,
        results,
        timeZone: copy.timeZone,
        shopName,
        syncedAt: copy.syncedAt,
        dailyCap: copy.memberDailyCap ?? null,
      });
      return { answer, syncedAt: copy.syncedAt };
    },
    [partnerId, shopName],
  );

  return useMemo(() => ({ meta, refresh, check, checkPass }), [meta, refresh, check, checkPass]);
}
