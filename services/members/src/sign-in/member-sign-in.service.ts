import {
  SIGN_IN_SENT_MESSAGE,
  type MemberCodeRequest,
  type MemberLinkRequest,
  type MemberSession,
  type MemberVerifyRequest,
  type RpcMeta,
  type SignInSent,
} from '@avpass/contracts';
import { DomainError, MailOutbox, SmsOutbox, Transactions } from '@avpass/platform';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';
import { requirePhone } from '../members';
import { MemberSessionsRepository } from './member-sessions.repository';
import { signInCodeSms, signInLinkSubject } from './sign-in-messages';
import { sha256, SignInSecrets } from './sign-in-secrets';
import {
  CODE_PLACEHOLDER,
  SIGN_IN_KEY_PREFIX,
  SIGN_IN_LINK_TEMPLATE,
  type SignInLinkParams,
} from './sign-in-templates';
import { SignInThrottle } from './sign-in-throttle';
import { SignInsRepository, type SignInMember } from './sign-ins.repository';

const WRONG_CODE = 'That code is not right, or it has expired. Ask for a new one.';
const BURNT_CODE = 'Too many wrong codes: this one no longer works. Ask for a new one.';
const DEAD_LINK = 'This sign-in link has been used or has expired. Ask for a new one.';

/**
 * A member's passwordless sign-in (issue 41, decisions 329 and 330). Asking for a link or a code always
 * answers the same, at once: the throttle is counted for every address alike, and the look-up, the
 * secret and the message are made after the answer, in the background, so neither the body nor the
 * time tells a member from a stranger.
 */
@Injectable()
export class MemberSignInService implements OnApplicationShutdown {
  private readonly logger = new Logger(MemberSignInService.name);
  /** Sends still being made after their answer; the service waits for them before it stops. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @Inject(MEMBERS_CONFIG) private readonly config: MembersConfig,
    private readonly transactions: Transactions,
    private readonly signIns: SignInsRepository,
    private readonly sessions: MemberSessionsRepository,
    private readonly throttle: SignInThrottle,
    private readonly secrets: SignInSecrets,
    private readonly mail: MailOutbox,
    private readonly sms: SmsOutbox,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  signInChannels() {
    return { email: true, sms: this.sms.smsEnabled() };
  }

  async requestLink({ email, origin }: MemberLinkRequest, meta: RpcMeta): Promise<SignInSent> {
    await this.throttle.countRequest(meta.ip, email);
    this.later(async () => {
      const member = await this.signIns.memberByEmail(email);
      if (member?.email && (await this.throttle.mayMessage(member.id))) await this.sendLink(member, origin);
    });
    return { message: SIGN_IN_SENT_MESSAGE };
  }

  async requestCode({ phone: typed }: MemberCodeRequest, meta: RpcMeta): Promise<SignInSent> {
    const phone = requirePhone(typed, this.config.MEMBERS_DEFAULT_PHONE_REGION)!;
    await this.throttle.countRequest(meta.ip, phone);
    // SMS off: the same answer, nothing sent (the sign-in screen does not offer it then).
    if (this.sms.smsEnabled())
      this.later(async () => {
        const member = await this.signIns.memberByPhone(phone);
        if (member?.phone && (await this.throttle.mayMessage(member.id))) await this.sendCode(member);
      });
    return { message: SIGN_IN_SENT_MESSAGE };
  }

  /** Work made after the answer; a failure is logged (the member simply gets no message). */
  private later(work: () => Promise<void>): void {
    const run = work()
      .catch((error: unknown) => this.logger.error(`A sign-in message was not recorded: ${String(error)}`))
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /**
   * The sign-in and its message, in one transaction. The message's row holds no secret: the worker
   * makes the link's token or the code from the sign-in's id when it sends (SignInTemplates, decision 339).
   */
  private async sendLink(member: SignInMember, origin: string): Promise<void> {
    const id = randomUUID();
    const minutes = this.config.MEMBER_LINK_MINUTES;
    const params: SignInLinkParams = {
      signInId: id,
      origin,
      firstName: member.first_name,
      language: member.language,
      minutes,
    };
    await this.transactions.run(async (tx) => {
      await this.signIns.insertSecret(tx, {
        id,
        memberId: member.id,
        kind: 'link',
        secretHash: sha256(this.secrets.linkToken(id)),
        minutes,
      });
      await this.mail.recordMail(tx, {
        idempotencyKey: `${SIGN_IN_KEY_PREFIX}${id}`,
        to: member.email!,
        subject: signInLinkSubject(member.language),
        template: SIGN_IN_LINK_TEMPLATE,
        params: { ...params },
      });
    });
  }

  private async sendCode(member: SignInMember): Promise<void> {
    const id = randomUUID();
    const minutes = this.config.MEMBER_CODE_MINUTES;
    await this.transactions.run(async (tx) => {
      await this.signIns.insertSecret(tx, {
        id,
        memberId: member.id,
        kind: 'code',
        secretHash: this.secrets.codeHash(id, this.secrets.code(id)),
        minutes,
      });
      await this.sms.recordSms(tx, {
        idempotencyKey: `${SIGN_IN_KEY_PREFIX}${id}`,
        to: member.phone!,
        body: signInCodeSms(member.language, CODE_PLACEHOLDER, minutes),
      });
    });
  }

  /** The link's token or the phone's code, used once, for a new member session. */
  async verify(request: MemberVerifyRequest, meta: RpcMeta): Promise<MemberSession> {
    await this.throttle.countVerification(meta.ip);
    const outcome =
      'token' in request
        ? await this.verifyLink(request.token)
        : await this.verifyCode(request.phone, request.code);
    if (typeof outcome === 'string') throw new DomainError('UNAUTHENTICATED', outcome);
    return outcome;
  }

  private async verifyLink(token: string): Promise<MemberSession | string> {
    return this.transactions.run(async (tx) => {
      const memberId = await this.signIns.useLink(tx, sha256(token));
      if (!memberId) return DEAD_LINK;
      return (await this.startSession(tx, memberId)) ?? DEAD_LINK;
    });
  }

  private async verifyCode(typed: string, code: string): Promise<MemberSession | string> {
    const phone = requirePhone(typed, this.config.MEMBERS_DEFAULT_PHONE_REGION)!;
    const member = await this.signIns.memberByPhone(phone);
    if (!member) return WRONG_CODE;
    // The wrong try's count commits before the refusal is thrown.
    return this.transactions.run(async (tx) => {
      const open = await this.signIns.lockOpenCode(tx, member.id);
      if (!open) return WRONG_CODE;
      if (open.expired) {
        await this.signIns.closeCode(tx, open.id);
        return WRONG_CODE;
      }
      if (!this.secrets.codeMatches(open.id, code, open.secret_hash)) {
        const { attempts } = await this.signIns.countWrongTry(tx, open.id, this.config.MEMBER_CODE_ATTEMPTS);
        return attempts >= this.config.MEMBER_CODE_ATTEMPTS ? BURNT_CODE : WRONG_CODE;
      }
      await this.signIns.closeCode(tx, open.id);
      return (await this.startSession(tx, member.id)) ?? WRONG_CODE;
    });
  }

  private async startSession(
    tx: Parameters<Parameters<Transactions['run']>[0]>[0],
    memberId: string,
  ): Promise<MemberSession | null> {
    const token = randomBytes(32).toString('base64url');
    const started = await this.sessions.start(tx, {
      id: randomUUID(),
      memberId,
      tokenHash: sha256(token),
      hours: this.config.MEMBER_SESSION_TTL_HOURS,
    });
    if (!started) return null;
    return {
      token,
      expiresAt: started.expires_at,
      member: { firstName: started.first_name, language: started.language },
    };
  }
}
