import {
  RPC,
  type Member,
  type MemberExport,
  type MemberPage,
  type MessageResponse,
  type RpcMeta,
  type RpcRequestPayload as In,
} from '@avpass/contracts';
import {
  AuditTrail,
  DomainError,
  EventOutbox,
  Idempotency,
  requireActor,
  Transactions,
  type Tx,
} from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import { getCountryCallingCode } from 'libphonenumber-js/min';
import { randomUUID } from 'node:crypto';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';
import { MEMBER_ERASURE_STEPS, type MemberErasureStep } from './erasure-steps';
import {
  consentChanges,
  memberAuditChanges,
  phoneSearchPrefixes,
  requirePhone,
  type ConsentChange,
} from './member-fields';
import { toMember, type MemberRow } from './member.mapper';
import { MemberPhotosRepository } from './member-photos.repository';
import { MemberWritesRepository, type MemberFields } from './member-writes.repository';
import { MembersRepository } from './members.repository';

type CreateInput = In<typeof RPC.members.create>;
type UpdateChanges = In<typeof RPC.members.update>['changes'];

export const memberNotFound = () => DomainError.notFound('Member');

function taken(which: { email: boolean; phone: boolean }): DomainError {
  const fields: Record<string, string[]> = {};
  if (which.email) fields.email = ['A member with that e-mail already exists'];
  if (which.phone) fields.phone = ['A member with that phone already exists'];
  const message =
    Object.values(fields).flat().join('; ') || 'A member with that e-mail or phone already exists';
  return DomainError.conflict(message, fields);
}

/** The administrator's members (issue 41): list, one, create, change, merge, erase, export. */
@Injectable()
export class MembersService {
  private readonly callingCode: string;

  constructor(
    private readonly transactions: Transactions,
    private readonly members: MembersRepository,
    private readonly writes: MemberWritesRepository,
    private readonly idempotency: Idempotency,
    private readonly outbox: EventOutbox,
    private readonly audit: AuditTrail,
    private readonly photos: MemberPhotosRepository,
    @Inject(MEMBERS_CONFIG) private readonly config: MembersConfig,
    @Inject(MEMBER_ERASURE_STEPS) private readonly erasureSteps: MemberErasureStep[],
  ) {
    this.callingCode = getCountryCallingCode(config.MEMBERS_DEFAULT_PHONE_REGION);
  }

  async page(query: In<typeof RPC.members.page>): Promise<MemberPage> {
    const phonePrefixes = query.search ? phoneSearchPrefixes(query.search, this.callingCode) : null;
    const page = await this.members.page({ ...query, phonePrefixes });
    return { items: page.items.map(toMember), nextCursor: page.nextCursor };
  }

  async get(id: string): Promise<Member> {
    const row = await this.members.findById(id);
    if (!row) throw memberNotFound();
    return toMember(row);
  }

  /** Once per Idempotency-Key: a retried POST whose answer was lost gets the first member. */
  create(input: CreateInput, meta: RpcMeta): Promise<Member> {
    const call = { actor: requireActor(meta), operation: RPC.members.create, request: input };
    const phone = requirePhone(input.phone, this.config.MEMBERS_DEFAULT_PHONE_REGION) ?? null;
    return this.idempotency.once(call, async (tx) => {
      const fields: MemberFields = {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email ?? null,
        phone,
        language: input.language,
        birthDate: input.birthDate ?? null,
        tags: input.tags,
      };
      const holders = await this.members.holdersOf(fields.email, fields.phone, null, tx);
      if (holders.email || holders.phone) throw taken(holders);
      const consents = consentChanges(null, input.consent);
      const rows = await this.writes.insertMany(tx, [{ id: randomUUID(), ...fields, consents }]);
      if (rows === 'conflict' || !rows[0]) throw taken({ email: false, phone: false });
      const member = toMember(rows[0]);
      this.audit.appendEntry(tx, meta, {
        action: 'members.member.created',
        targetType: 'member',
        targetId: member.id,
        changes: memberAuditChanges(null, member),
      });
      return member;
    });
  }

  /** Only the fields sent change; the member keeps an e-mail or a phone. Records what changed. */
  async update(id: string, changes: UpdateChanges, meta: RpcMeta): Promise<Member> {
    const phone = requirePhone(changes.phone, this.config.MEMBERS_DEFAULT_PHONE_REGION);
    return this.transactions.run(async (tx) => {
      const row = await this.members.findById(id, tx, true);
      if (!row) throw memberNotFound();
      const before = toMember(row);
      const fields: MemberFields = {
        firstName: changes.firstName ?? before.firstName,
        lastName: changes.lastName ?? before.lastName,
        email: changes.email === undefined ? before.email : changes.email,
        phone: phone === undefined ? before.phone : phone,
        language: changes.language ?? before.language,
        birthDate: changes.birthDate === undefined ? before.birthDate : changes.birthDate,
        tags: changes.tags ?? before.tags,
      };
      if (!fields.email && !fields.phone) {
        const message = 'A member keeps an e-mail or a phone';
        throw DomainError.validation(message, { email: [message] });
      }
      const holders = await this.members.holdersOf(
        fields.email !== before.email ? fields.email : null,
        fields.phone !== before.phone ? fields.phone : null,
        id,
        tx,
      );
      if (holders.email || holders.phone) throw taken(holders);
      return this.write(tx, meta, before, fields, consentChanges(before.consent, changes.consent));
    });
  }

  private async write(
    tx: Tx,
    meta: RpcMeta,
    before: Member,
    fields: MemberFields,
    consents: ConsentChange[],
  ): Promise<Member> {
    const rows = await this.writes.updateMany(tx, [{ id: before.id, fields, consents }]);
    if (rows === 'conflict') throw taken({ email: false, phone: false });
    const after = toMember(rows[0] as MemberRow);
    const diff = memberAuditChanges(before, after);
    if (diff) {
      this.audit.appendEntry(tx, meta, {
        action: 'members.member.updated',
        targetType: 'member',
        targetId: after.id,
        changes: diff,
      });
    }
    return after;
  }

  /**
   * `fromId` into `id`: the target keeps its own fields, takes the other's e-mail or phone where it has
   * none, the union of the tags, and per channel the newer consent; the other's consent history
   * moves to it, and its photo when it has none (decision 372); the other is deleted.
   * members.member.merged.v1 tells holders elsewhere.
   */
  async merge(id: string, fromId: string, meta: RpcMeta): Promise<Member> {
    if (id === fromId) {
      const message = 'A member cannot be merged into itself';
      throw DomainError.validation(message, { from: [message] });
    }
    return this.transactions.run(async (tx) => {
      // Both rows locked in id order: two merges of the same pair never deadlock.
      const [firstId, secondId] = [id, fromId].sort();
      const first = await this.members.findById(firstId as string, tx, true);
      const second = await this.members.findById(secondId as string, tx, true);
      const target = [first, second].find((m) => m?.id === id);
      const source = [first, second].find((m) => m?.id === fromId);
      if (!target) throw memberNotFound();
      if (!source) {
        const message = 'The member to merge from does not exist';
        throw DomainError.validation(message, { from: [message] });
      }
      const into = toMember(target);
      const other = toMember(source);
      const photoTaken = await this.photos.takePhotoOnMerge(tx, into.id, other.id);
      await this.writes.absorb(tx, into.id, other.id);
      const fields: MemberFields = {
        firstName: into.firstName,
        lastName: into.lastName || other.lastName,
        email: into.email ?? other.email,
        phone: into.phone ?? other.phone,
        language: into.language,
        birthDate: into.birthDate ?? other.birthDate,
        tags: [...new Set([...into.tags, ...other.tags])].sort(),
      };
      const consents: ConsentChange[] = [];
      for (const channel of ['email', 'sms'] as const) {
        const mine = into.consent[channel];
        const theirs = other.consent[channel];
        if (theirs.at && theirs.source && (!mine.at || theirs.at > mine.at) && theirs.given !== mine.given) {
          consents.push({ channel, given: theirs.given, source: theirs.source });
        }
      }
      const rows = await this.writes.updateMany(tx, [{ id: into.id, fields, consents }]);
      if (rows === 'conflict') throw taken({ email: false, phone: false });
      const after = toMember(rows[0] as MemberRow);
      this.outbox.enqueueEvent(tx, 'members.member.merged.v1', {
        memberId: into.id,
        fromMemberId: other.id,
      });
      this.audit.appendEntry(tx, meta, {
        action: 'members.member.merged',
        targetType: 'member',
        targetId: into.id,
        changes: {
          ...memberAuditChanges(into, after),
          ...(photoTaken === null ? {} : { photoVersion: { before: null, after: photoTaken } }),
          mergedFrom: { before: null, after: other.id },
        },
      });
      return after;
    });
  }

  /**
   * Erasure on request: the row's personal data scrubbed, erased_at set, members.member.erased.v1
   * published in the same transaction so holders elsewhere anonymise (and members.pass.revoked.v1: the
   * pass version moved on); a later import of the same e-mail makes a new member.
   */
  async erase(id: string, meta: RpcMeta): Promise<MessageResponse> {
    await this.transactions.run(async (tx) => {
      const erased = await this.writes.erase(tx, id);
      if (!erased) throw memberNotFound();
      await this.photos.deletePhoto(tx, id); // their face goes with the rest (decision 372)
      for (const step of this.erasureSteps) await step.scrubErasedMember(tx, id);
      this.outbox.enqueueEvent(tx, 'members.member.erased.v1', {
        memberId: id,
        erasedAt: new Date(erased.erasedAt).toISOString(),
      });
      // The erasure moved the pass version on: the member's Google Wallet object loses its secret.
      this.outbox.enqueueEvent(tx, 'members.pass.revoked.v1', {
        memberId: id,
        passVersion: erased.passVersion,
      });
      this.audit.appendEntry(tx, meta, {
        action: 'members.member.erased',
        targetType: 'member',
        targetId: id,
        changes: { erased: { before: false, after: true } },
      });
    });
    return { message: 'Member erased' };
  }

  /** Everything held about the member: the record, the consents' history, the audit trail about them, their photo. */
  async export(id: string): Promise<MemberExport> {
    const member = await this.get(id);
    const [consents, audit, photo] = await Promise.all([
      this.members.consentHistory(id),
      this.members.auditHistory(id),
      this.photos.photoForExport(id),
    ]);
    return {
      exportedAt: new Date().toISOString(),
      member,
      consentHistory: consents.map((c) => ({
        channel: c.channel,
        given: c.given,
        source: c.source as MemberExport['consentHistory'][number]['source'],
        at: new Date(c.at).toISOString(),
      })),
      auditHistory: audit,
      photo: photo && {
        contentType: 'image/jpeg',
        contentBase64: photo.content.toString('base64'),
        updatedAt: photo.updatedAt.toISOString(),
      },
    };
  }
}
