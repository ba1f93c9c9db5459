import { RPC, type Actor, type SendChannel } from '@avpass/contracts';
import { DomainError, MailOutbox, RpcClient, SmsOutbox, Transactions } from '@avpass/platform';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';
import { DeliveriesRepository, type NewDelivery } from './deliveries.repository';
import { SendMessages, deliveryKey, reaches, type IssuedCode } from './send-messages';
import { SendsRepository, type RecipientRow, type SendRow } from './sends.repository';
import { VoucherIssuer } from './voucher-issuer';

/** A page's members the send can reach, their codes, and how many the vouchers service refused. */
interface PageCodes {
  wanted: RecipientRow[];
  codes: Map<string, IssuedCode>;
  refused: number;
}

/** How long a send is held by the instance expanding it before another may take it over. */
const LEASE_MS = 30_000;
/** Refusals that no retry changes: the send fails with the reason (a gone voucher, an empty batch). */
const FINAL_CODES = new Set(['NOT_FOUND', 'VALIDATION_FAILED', 'FORBIDDEN', 'CONFLICT']);

/**
 * Expands recorded sends in the background (decision 325): the members of a send, a keyset page at a
 * time, get their codes from the vouchers service (1,000 per call) and their messages recorded in one
 * transaction per page (recordMailBatch, recordSmsBatch, the deliveries and where the next page
 * starts), so a stopped instance's send is taken over where it stopped, and a page done twice records
 * nothing twice. A send's request wakes it at once; MEMBERS_SEND_POLL_MS finds sends left unfinished.
 */
@Injectable()
export class SendExpander implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SendExpander.name);
  private stopped = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private kicked = false;

  constructor(
    private readonly sends: SendsRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly issuer: VoucherIssuer,
    private readonly transactions: Transactions,
    private readonly mail: MailOutbox,
    private readonly sms: SmsOutbox,
    private readonly rpc: RpcClient,
    private readonly messages: SendMessages,
    @Inject(MEMBERS_CONFIG) private readonly config: MembersConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  /** A send was recorded: look now. */
  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.kicked = false;
      let worked = false;
      try {
        worked = await this.expandNext();
      } catch (error) {
        this.logger.warn(`a send's expansion stopped, retried later: ${(error as Error).message}`);
      }
      if (!worked) await this.sleep(this.config.MEMBERS_SEND_POLL_MS);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped || this.kicked) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      timer.unref();
      this.wake = () => {
        this.wake = null;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Claims one unfinished send and expands it to its end; whether there was one. */
  async expandNext(): Promise<boolean> {
    const send = await this.sends.claimSend(LEASE_MS);
    if (!send) return false;
    try {
      await this.expand(send);
    } catch (error) {
      if (error instanceof DomainError && FINAL_CODES.has(error.code)) {
        await this.sends.markFailed(send.id, error.message);
        this.logger.warn(`send ${send.id} failed: ${error.message}`);
        return true;
      }
      throw error;
    }
    return true;
  }

  private async walletOffer(send: SendRow, actor: Actor): Promise<{ apple: boolean; google: boolean }> {
    if (send.wallet) return send.wallet;
    let wallet = { apple: false, google: false };
    try {
      wallet = await this.rpc.call(RPC.wallet.availability, {}, { requestId: randomUUID(), actor });
    } catch {
      // The wallet service away: the messages go without badges rather than wait.
    }
    await this.sends.keepWallet(send.id, wallet);
    return wallet;
  }

  /**
   * Page by page; the next page's codes are asked for while this page's messages are recorded (the
   * vouchers service and this one work at once). Issuing is idempotent, so a crash between the two
   * only means the next attempt asks for the same codes again.
   */
  private async expand(send: SendRow): Promise<void> {
    const actor: Actor = {
      userId: send.created_by ?? randomUUID(),
      role: 'super_admin',
      companyId: null,
      ...(send.created_by_name ? { name: send.created_by_name } : {}),
    };
    const wallet = await this.walletOffer(send, actor);
    const smsOn = this.sms.smsEnabled();
    const pageSize = this.config.MEMBERS_SEND_PAGE;
    let page = await this.sends.recipientPage(send, send.after_member_id, pageSize);
    let codes = this.codesFor(send, actor, page, smsOn);
    for (;;) {
      const issued = await codes;
      const done = page.length < pageSize;
      const last = page[page.length - 1]?.id ?? null;
      let next: { page: RecipientRow[]; codes: Promise<PageCodes> } | null = null;
      if (!done && !this.stopped) {
        const nextPage = await this.sends.recipientPage(send, last, pageSize);
        const nextCodes = this.codesFor(send, actor, nextPage, smsOn);
        nextCodes.catch(() => undefined); // awaited on the next turn; a failure there is handled then
        next = { page: nextPage, codes: nextCodes };
      }
      await this.record(send, issued, wallet, smsOn, { last, done });
      if (done || !next) return;
      page = next.page;
      codes = next.codes;
    }
  }

  /** The codes of a page's members the send can reach (one call per 1,000). */
  private async codesFor(
    send: SendRow,
    actor: Actor,
    page: RecipientRow[],
    smsOn: boolean,
  ): Promise<PageCodes> {
    const wanted = page.filter((m) => send.channels.some((c) => reaches(m, c, smsOn)));
    const codes = new Map<string, IssuedCode>();
    if (!wanted.length) return { wanted, codes, refused: 0 };
    const source =
      send.source_kind === 'voucher' ? { qrCodeId: send.source_id } : { batchId: send.source_id };
    const answer = await this.issuer.issue(
      actor,
      source,
      wanted.map((m) => ({ memberId: m.id, firstName: m.first_name || '-', lastName: m.last_name })),
    );
    for (const code of answer.issued) codes.set(code.memberId, code);
    return { wanted, codes, refused: answer.refused.length };
  }

  /** One transaction: the page's mails, SMS and deliveries, and where the next page starts. */
  private async record(
    send: SendRow,
    { wanted, codes, refused }: PageCodes,
    wallet: { apple: boolean; google: boolean },
    smsOn: boolean,
    step: { last: string | null; done: boolean },
  ): Promise<void> {
    await this.transactions.run(async (tx) => {
      const existing = await this.deliveries.existing(
        tx,
        send.source_id,
        wanted.map((m) => m.id),
      );
      const rows = this.pageMessages(send, wanted, codes, wallet, smsOn, existing);
      const mails = await this.mail.recordMailBatch(
        tx,
        rows.filter((r) => r.mail).map((r) => r.mail!),
      );
      const sms = rows.some((r) => r.sms)
        ? await this.sms.recordSmsBatch(
            tx,
            rows.filter((r) => r.sms).map((r) => r.sms!),
          )
        : [];
      const outgoing = new Map([...mails, ...sms].map((r) => [r.idempotencyKey, r.id]));
      const deliveries: NewDelivery[] = [];
      for (const row of rows) {
        const id = outgoing.get(deliveryKey(send.source_id, row.delivery.memberId, row.delivery.channel));
        if (id) deliveries.push({ ...row.delivery, outgoingId: id });
      }
      await this.deliveries.insertDeliveries(tx, deliveries);
      await this.sends.advance(tx, send.id, {
        afterMemberId: step.last,
        refused,
        done: step.done,
        leaseMs: LEASE_MS,
      });
    });
  }

  /** The page's messages: per member with a code, per channel they may be reached on and not yet sent. */
  private pageMessages(
    send: SendRow,
    members: RecipientRow[],
    codes: Map<string, IssuedCode>,
    wallet: { apple: boolean; google: boolean },
    smsOn: boolean,
    existing: Set<string>,
  ) {
    const rows: {
      delivery: Omit<NewDelivery, 'outgoingId'>;
      mail?: ReturnType<SendMessages['mail']>;
      sms?: ReturnType<SendMessages['sms']>;
    }[] = [];
    for (const member of members) {
      const code = codes.get(member.id);
      if (!code) continue;
      for (const channel of send.channels as SendChannel[]) {
        if (!reaches(member, channel, smsOn) || existing.has(`${member.id}:${channel}`)) continue;
        const id = randomUUID();
        const delivery = {
          id,
          sendId: send.id,
          memberId: member.id,
          sourceId: send.source_id,
          channel,
          qrCodeId: code.qrCodeId,
          publicId: code.publicId,
          address: (channel === 'email' ? member.email : member.phone)!,
        };
        if (channel === 'email')
          rows.push({ delivery, mail: this.messages.mail(id, send.source_id, member, code, wallet) });
        else rows.push({ delivery, sms: this.messages.sms(send.source_id, member, code, wallet) });
      }
    }
    return rows;
  }
}
