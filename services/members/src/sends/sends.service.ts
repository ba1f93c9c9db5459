import {
  RPC,
  type MemberChannels,
  type RpcMeta,
  type RpcRequestPayload as In,
  type SendProgress,
  type SendToMembersResponse,
} from '@avpass/contracts';
import {
  AuditTrail,
  DomainError,
  Idempotency,
  requireActor,
  SmsOutbox,
  smsNotConfigured,
} from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { SendExpander } from './send-expander';
import { SendsRepository, type SendSelection } from './sends.repository';
import { VoucherIssuer, type VoucherSource } from './voucher-issuer';

type SendInput = In<typeof RPC.members.send>;

/**
 * The administrator's send (decision 325): recorded at once with what it will reach, under its
 * Idempotency-Key; the codes are issued and the messages recorded by SendExpander in the background.
 */
@Injectable()
export class SendsService {
  constructor(
    private readonly sends: SendsRepository,
    private readonly idempotency: Idempotency,
    private readonly audit: AuditTrail,
    private readonly sms: SmsOutbox,
    private readonly expander: SendExpander,
    private readonly issuer: VoucherIssuer,
  ) {}

  /** How far a send has got: its figures and its messages' states now, from its tally (decision 340). */
  async progress(id: string): Promise<SendProgress> {
    const send = await this.sends.findSend(id);
    if (!send) throw DomainError.notFound('Send');
    const { queued, sent, delivered, failed } = send.messages;
    return {
      sendId: send.id,
      status: send.status,
      members: send.members,
      queued: send.queued,
      skipped: { email: send.skipped_email, sms: send.skipped_sms },
      recorded: queued + sent + delivered + failed,
      pending: queued,
      // "sent" on the screen: the provider took it, whether or not it has said delivered since.
      sent: sent + delivered,
      delivered,
      failed,
      refused: send.refused,
      reason: send.status === 'failed' ? send.last_error : null,
      createdAt: new Date(send.created_at).toISOString(),
      finishedAt: send.finished_at ? new Date(send.finished_at).toISOString() : null,
    };
  }

  channels(): MemberChannels {
    return { email: true, sms: this.sms.smsEnabled() };
  }

  async send(input: SendInput, meta: RpcMeta): Promise<SendToMembersResponse> {
    const actor = requireActor(meta);
    if (input.channels.includes('sms') && !this.sms.smsEnabled()) throw smsNotConfigured();
    const selection: SendSelection = input.memberIds
      ? { memberIds: input.memberIds }
      : { tag: input.tag as string };
    const call = { actor, operation: RPC.members.send, request: input };
    const source: VoucherSource = input.qrCodeId
      ? { qrCodeId: input.qrCodeId }
      : { batchId: input.batchId as string };
    const answer = await this.idempotency.once(call, async (tx) => {
      // An unknown or used-up source is refused now, not failed in the background (decision 340).
      await this.issuer.checkSource(actor, source);
      const counts = await this.sends.countSelection(selection, tx);
      const id = randomUUID();
      const sourceKind = input.qrCodeId ? 'voucher' : 'batch';
      const sourceId = (input.qrCodeId ?? input.batchId) as string;
      await this.sends.insertSend(tx, {
        id,
        sourceKind,
        sourceId,
        selection,
        channels: input.channels,
        counts,
        createdBy: actor.userId,
        createdByName: actor.name ?? null,
      });
      const email = input.channels.includes('email');
      const sms = input.channels.includes('sms');
      const result: SendToMembersResponse = {
        sendId: id,
        members: counts.members,
        queued: (email ? counts.email : 0) + (sms ? counts.sms : 0),
        skipped: {
          email: email ? counts.members - counts.email : 0,
          sms: sms ? counts.members - counts.sms : 0,
        },
      };
      this.audit.appendEntry(tx, meta, {
        action: 'members.send.requested',
        targetType: 'member-send',
        targetId: id,
        changes: {
          source: { before: null, after: `${sourceKind}:${sourceId}` },
          selection: { before: null, after: input.tag ? `tag:${input.tag}` : `${counts.members} members` },
          channels: { before: null, after: input.channels.join(',') },
          queued: { before: null, after: result.queued },
        },
      });
      return result;
    });
    this.expander.kick();
    return answer;
  }
}
