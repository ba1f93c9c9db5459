import { passStepAt, passStepStart, type PassPublicKey } from '@avpass/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, type Clock } from '../clock';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';
import { derivePassKey, type DerivedPassKey } from './pass-crypto';
import { PassKeysRepository, type PassKeyRow } from './pass-keys.repository';

const DAY_MS = 86_400_000;
/** How long the schedule read from the table is kept before it is read again (another instance's key). */
const CACHE_MS = 60_000;

/**
 * The member pass's signing keys (decision 363): one key signs for MEMBER_PASS_KEY_DAYS, the next one
 * is in the table (so on every till's list) from the moment the current one starts signing, a whole
 * period before it signs; a key that stopped signing verifies MEMBER_PASS_KEY_GRACE_DAYS more.
 * Rotation is lazy: the first use of a period that finds no next key adds it, with `on conflict do
 * nothing`, so two instances never make two keys for one period. A row whose public key is not the
 * one MEMBER_PASS_SECRET derives (the secret changed) neither signs nor verifies: new keys are made.
 */
@Injectable()
export class PassKeys {
  private readonly logger = new Logger('PassKeys');
  private readonly derived = new Map<number, DerivedPassKey>();
  private cached: { at: number; keys: PassKeyRow[] } | null = null;
  private readonly periodMs: number;
  private readonly graceMs: number;

  constructor(
    private readonly repository: PassKeysRepository,
    @Inject(MEMBERS_CONFIG) private readonly config: MembersConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.periodMs = config.MEMBER_PASS_KEY_DAYS * DAY_MS;
    this.graceMs = config.MEMBER_PASS_KEY_GRACE_DAYS * DAY_MS;
  }

  /** The private key of a key id (derived once per process). */
  private key(keyId: number): DerivedPassKey {
    let key = this.derived.get(keyId);
    if (!key) {
      key = derivePassKey(this.config.MEMBER_PASS_SECRET, keyId);
      this.derived.set(keyId, key);
    }
    return key;
  }

  /** The usable keys at `now` (those of this secret that still verify, and the next one), rotating first when due. */
  async keysAt(now: Date = this.clock()): Promise<PassKeyRow[]> {
    const t = now.getTime();
    const cached = this.cached;
    if (cached && t >= cached.at && t - cached.at < CACHE_MS && this.listsNext(cached.keys, t))
      return cached.keys;
    const keys = await this.ensure(now);
    this.cached = { at: t, keys };
    return keys;
  }

  /** Whether the newest key has not begun signing yet at `t` (the next key is listed). */
  private listsNext(keys: readonly PassKeyRow[], t: number): boolean {
    const newest = keys[keys.length - 1];
    return Boolean(newest && newest.notBefore.getTime() > t);
  }

  private async ensure(now: Date): Promise<PassKeyRow[]> {
    const t = now.getTime();
    // At most: a first key, its successor, and one read to see them (another instance's or ours).
    for (let attempt = 0; attempt < 4; attempt++) {
      const rows = await this.repository.current(now);
      const usable = rows.filter((row) => {
        const ours = this.key(row.keyId).publicKey === row.publicKey;
        if (!ours)
          this.logger.warn(
            `member pass key ${row.keyId} is not MEMBER_PASS_SECRET's: it neither signs nor verifies`,
          );
        return ours;
      });
      const live = usable.filter((row) => row.verifyUntil.getTime() > t);
      if (this.listsNext(live, t)) return live;
      const newest = live[live.length - 1];
      const newestId = rows.reduce((max, row) => Math.max(max, row.keyId), 0);
      // The successor of the signing key starts where it stops; with none signing now (a first start,
      // a long stop, a new secret), a key starts at the current step.
      const notBefore =
        newest && newest.signUntil.getTime() > t ? newest.signUntil : new Date(passStepStart(passStepAt(t)));
      const signUntil = new Date(notBefore.getTime() + this.periodMs);
      const keyId = newestId + 1;
      await this.repository.insert({
        keyId,
        publicKey: this.key(keyId).publicKey,
        notBefore,
        signUntil,
        verifyUntil: new Date(signUntil.getTime() + this.graceMs),
      });
    }
    throw new Error('member pass keys: no next key after rotating');
  }

  /** The key that signs the code of a step starting at `stepStartMs` (its period's key). */
  async signerFor(stepStartMs: number, now: Date = this.clock()): Promise<DerivedPassKey> {
    const keys = await this.keysAt(now);
    const row =
      keys.find((k) => k.notBefore.getTime() <= stepStartMs && stepStartMs < k.signUntil.getTime()) ??
      // A step before the first key began (its first minutes): that key, within the checker's slack.
      keys.find((k) => stepStartMs < k.signUntil.getTime());
    if (!row) throw new Error(`member pass keys: none signs at ${new Date(stepStartMs).toISOString()}`);
    return this.key(row.keyId);
  }

  /** The public keys a checker keeps at `now`: every usable key that still verifies, the next one too. */
  async publicKeys(now: Date = this.clock()): Promise<PassPublicKey[]> {
    const keys = await this.keysAt(now);
    return keys.map((k) => ({
      keyId: k.keyId,
      publicKey: k.publicKey,
      notBefore: k.notBefore.toISOString(),
      verifyUntil: k.verifyUntil.toISOString(),
    }));
  }

  /** Forgets the schedule read (tests that move the clock back, or a key added by hand). */
  forget(): void {
    this.cached = null;
  }
}
