import {
  PASS_REFUSAL_MESSAGES,
  RPC,
  SECOND_FACTOR_WRONG_MESSAGE,
  type MemberPass,
  type PassKeysResponse,
  type PassRefusal,
  type PassRevocationsPage,
  type RevokePassResponse,
  type RpcMeta,
  type RpcRequestPayload as In,
  type TillPassJudgement,
} from '@avpass/contracts';
import {
  encodePass,
  judgePass,
  judgeTotpPass,
  looksLikeTotpPass,
  memberTotpSecret,
  parsePass,
  parseTotpPass,
  passSigningBytes,
  passStepAt,
  passStepStart,
  PASS_MAX_AGE_SECONDS,
  PASS_STEP_SECONDS,
  type PassClaims,
} from '@avpass/domain';
import {
  AuditTrail,
  DomainError,
  EventOutbox,
  Idempotency,
  requireActor,
  requireSuperAdmin,
  type IdempotentCall,
} from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import { sign } from 'node:crypto';
import { CLOCK, type Clock } from '../clock';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';
import { memberNotFound, MemberPhotoUrls, MemberWritesRepository } from '../members';
import { MemberSessionsRepository } from '../sign-in';
import { MemberPassRepository, type PassHolderRow } from './member-pass.repository';
import { nodePassVerifier } from './pass-crypto';
import { PassKeys } from './pass-keys';
import { SecondFactorThrottle } from './second-factor-throttle';
import { WalletAvailabilityCache } from './wallet-availability';

/** How many codes GET /api/me/pass answers: the current step's and the next ones (5 minutes). */
export const PASS_CODES_AHEAD = 10;
export const PASS_REVOKED_MESSAGE = 'Pass revoked: its earlier codes no longer work';
const NO_COMPANY_MESSAGE = 'Your account is not linked to a company';
const CURSOR_MESSAGE = 'cursor is not valid; start again from the first page';
const SINCE_MESSAGE = 'since is not of this database: read the whole list again';
const XID = /^\d{1,20}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const holderOf = (row: PassHolderRow) => ({
  firstName: row.first_name.trim(),
  lastInitial: ([...row.last_name.trim()][0] ?? '').toUpperCase(),
});

const refused = (
  refusal: PassRefusal,
  reason: string = PASS_REFUSAL_MESSAGES[refusal],
): TillPassJudgement => ({
  accepted: false,
  refusal,
  reason,
  reasonCode:
    reason === SECOND_FACTOR_WRONG_MESSAGE ? 'member-pass.second-factor-wrong' : `member-pass.${refusal}`,
});

/** Whether the second factor is the member's: their date of birth, or their phone's last 4 digits. */
function isTheirs(holder: PassHolderRow, factor: string): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(factor)) return holder.birth_date === factor;
  return /^\d{4}$/.test(factor) && Boolean(holder.phone?.endsWith(factor));
}

function decodeCursor(cursor: string): { xid: string; id: string } {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = null;
  }
  if (Array.isArray(key) && key.length === 2 && XID.test(String(key[0])) && UUID.test(String(key[1])))
    return { xid: String(key[0]), id: String(key[1]) };
  throw DomainError.validation(CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] });
}

/**
 * The member pass (issue 43, decisions 363 and 364): the member's rotating codes, signed here with the
 * period's key; the revoke (the version moves on); the public keys and revocations a till keeps; and
 * the online judgement of a scanned code, with the member's current version.
 */
@Injectable()
export class MemberPassService {
  constructor(
    private readonly keys: PassKeys,
    private readonly passes: MemberPassRepository,
    private readonly writes: MemberWritesRepository,
    private readonly sessions: MemberSessionsRepository,
    private readonly idempotency: Idempotency,
    private readonly audit: AuditTrail,
    private readonly outbox: EventOutbox,
    private readonly throttle: SecondFactorThrottle,
    private readonly wallets: WalletAvailabilityCache,
    private readonly photoUrls: MemberPhotoUrls,
    @Inject(MEMBERS_CONFIG) private readonly config: MembersConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The signed code of these claims (the key is the one of the step's period). */
  async signedCode(claims: Omit<PassClaims, 'keyId'>, now: Date = this.clock()): Promise<string> {
    const at = claims.kind === 'static' ? now.getTime() : passStepStart(claims.step);
    const key = await this.keys.signerFor(at, now);
    const full: PassClaims = { ...claims, keyId: key.keyId };
    return encodePass(full, new Uint8Array(sign(null, passSigningBytes(full), key.privateKey)));
  }

  /** The member's pass: the codes of the current step and the next ones, by the server's clock. */
  async memberPass(memberId: string): Promise<MemberPass> {
    const holder = await this.passes.holder(memberId);
    if (!holder) throw memberNotFound();
    const now = this.clock();
    const first = passStepAt(now.getTime());
    const codes = [];
    for (let step = first; step < first + PASS_CODES_AHEAD; step++) {
      codes.push({
        step,
        code: await this.signedCode(
          { kind: 'rotating', memberId, passVersion: holder.pass_version, step },
          now,
        ),
      });
    }
    return {
      memberId,
      holder: holderOf(holder),
      passVersion: holder.pass_version,
      stepSeconds: PASS_STEP_SECONDS,
      serverTime: now.toISOString(),
      codes,
      wallet: await this.wallets.get(),
    };
  }

  /**
   * The member revokes their own pass (a lost phone), from the session they are in: every other session
   * of theirs ends with it, so the lost phone cannot fetch the new codes. Once per Idempotency-Key.
   */
  revokeOwn(input: In<typeof RPC.members.revokeOwnPass>, meta: RpcMeta): Promise<RevokePassResponse> {
    const call: IdempotentCall = {
      actor: { userId: `member:${input.memberId}` },
      operation: RPC.members.revokeOwnPass,
      request: input,
    };
    return this.revoke(input.memberId, call, meta, input.sessionId);
  }

  /** The administrator revokes a member's pass: once per Idempotency-Key. */
  revokeAsAdministrator(
    input: In<typeof RPC.members.revokePass>,
    meta: RpcMeta,
  ): Promise<RevokePassResponse> {
    const actor = requireSuperAdmin(meta);
    const call = { actor, operation: RPC.members.revokePass, request: input };
    return this.revoke(input.id, call, meta, null);
  }

  /** The pass moves on, and the member's sessions but `keepSession` end (a lost phone signed out). */
  private revoke(
    memberId: string,
    call: IdempotentCall,
    meta: RpcMeta,
    keepSession: string | null,
  ): Promise<RevokePassResponse> {
    return this.idempotency.once(call, async (tx) => {
      const version = await this.writes.revokePass(tx, memberId, this.clock());
      if (version === null) throw memberNotFound();
      await this.sessions.endAllOf(tx, memberId, keepSession);
      // The wallet service gives the member's Google Wallet object the new version's secret.
      this.outbox.enqueueEvent(tx, 'members.pass.revoked.v1', { memberId, passVersion: version });
      this.audit.appendEntry(tx, meta, {
        action: 'members.member.updated',
        targetType: 'member',
        targetId: memberId,
        changes: { passVersion: { before: version - 1, after: version } },
      });
      return { message: PASS_REVOKED_MESSAGE, passVersion: version };
    });
  }

  async passKeys(): Promise<PassKeysResponse> {
    const now = this.clock();
    return {
      keys: await this.keys.publicKeys(now),
      stepSeconds: PASS_STEP_SECONDS,
      maxAgeSeconds: PASS_MAX_AGE_SECONDS,
      serverTime: now.toISOString(),
    };
  }

  async revocations(input: In<typeof RPC.members.passRevocations>): Promise<PassRevocationsPage> {
    const after = input.cursor ? decodeCursor(input.cursor) : null;
    const since = input.since ?? null;
    if (since !== null && !after && (await this.passes.isFromAnotherTimeline(since)))
      throw DomainError.validation(SINCE_MESSAGE, { since: [SINCE_MESSAGE] });
    const page = await this.passes.revocationsPage(since, after, input.limit);
    const last = page.rows[page.rows.length - 1];
    return {
      items: page.rows.map((row) => ({ memberId: row.id, passVersion: row.pass_version })),
      nextCursor:
        page.rows.length === input.limit && last
          ? Buffer.from(JSON.stringify([last.xid, last.id])).toString('base64url')
          : null,
      since: page.since,
    };
  }

  /**
   * A scanned code at a till, online: genuine (a key that vouches for that moment), fresh (a rotating
   * code within the steps judgePass allows), of the member's current version, the member not erased;
   * a static code (Apple Wallet) only with the member's date of birth or phone's last 4 digits, each
   * try counted. A refusal is the till's answer (accepted: false), not an error.
   */
  async judge(input: In<typeof RPC.members.judgeTillPass>, meta: RpcMeta): Promise<TillPassJudgement> {
    const actor = requireActor(meta);
    if (actor.role !== 'super_admin' && !actor.companyId) throw DomainError.forbidden(NO_COMPANY_MESSAGE);
    const now = this.clock();
    if (looksLikeTotpPass(input.code)) return this.judgeTotp(input.code, now);
    const parsed = parsePass(input.code);
    if (!parsed) return refused('not_a_pass');
    const [keys, holder] = await Promise.all([
      this.keys.publicKeys(now),
      this.passes.holder(parsed.memberId),
    ]);
    const judgement = await judgePass(input.code, {
      nowMs: now.getTime(),
      keys,
      verify: nodePassVerifier,
      ...(holder ? { currentVersion: holder.pass_version } : {}),
    });
    if (!judgement.ok) return refused(judgement.refusal);
    // Genuine, but the member is gone (erased, or merged into another): their pass is no more.
    if (!holder) return refused('revoked');
    if (judgement.claims.kind === 'static') {
      if (!input.secondFactor) return refused('second_factor');
      await this.throttle.countTry(holder.id);
      if (!isTheirs(holder, input.secondFactor)) return refused('second_factor', SECOND_FACTOR_WRONG_MESSAGE);
    }
    return this.accepted(holder, now);
  }

  /**
   * Google Wallet's rotating barcode (`AVPT:`, decision 370): the TOTP value of the member's secret for
   * the code's pass version at the code's time, with the signed code's freshness window and the
   * member's current version. Online only: a till cannot hold every member's secret.
   */
  private async judgeTotp(code: string, now: Date): Promise<TillPassJudgement> {
    const memberId = parseTotpPass(code)?.memberId;
    const holder = memberId ? await this.passes.holder(memberId) : null;
    const judgement = await judgeTotpPass(code, {
      nowMs: now.getTime(),
      secretFor: (id, version) => memberTotpSecret(this.config.MEMBER_PASS_SECRET, id, version),
      ...(holder ? { currentVersion: holder.pass_version } : {}),
    });
    if (!judgement.ok) return refused(judgement.refusal);
    // Genuine, but the member is gone (erased, or merged into another): their pass is no more.
    if (!holder) return refused('revoked');
    return this.accepted(holder, now);
  }

  /** An accepted pass: the holder as a till shows them, with a signed 10-minute URL of their photo. */
  private accepted(holder: PassHolderRow, now: Date): TillPassJudgement {
    const photoUrl =
      holder.photo_version === null
        ? null
        : this.photoUrls.signedPhotoPath(holder.id, holder.photo_version, now);
    return { accepted: true, memberId: holder.id, holder: { ...holderOf(holder), photoUrl } };
  }
}
