import type { SendChannel } from '@avpass/contracts';
import type { MailToRecord, SmsToRecord } from '@avpass/platform';
import { LinkTokens } from './link-tokens';
import { memberMailSubject, renderMemberSms, type MemberVoucherMessage } from './member-message';
import type { RecipientRow } from './sends.repository';

/** The mail template every member's voucher mail is rendered with (registered by SendMessages' owner). */
export const MEMBER_VOUCHER_TEMPLATE = 'member-voucher';

/** A member's code, as the vouchers service issued it. */
export interface IssuedCode {
  qrCodeId: string;
  publicId: string;
  title?: string;
  partners?: string[];
}

/** One message to one member on one channel, keyed by (source, member, channel): recorded once. */
export const deliveryKey = (sourceId: string, memberId: string, channel: SendChannel) =>
  `member-voucher:${sourceId}:${memberId}:${channel}`;

/** Whether the member may be sent to on `channel`: their consent and an address (SMS also needs Twilio). */
export function reaches(member: RecipientRow, channel: SendChannel, smsOn: boolean): boolean {
  if (channel === 'email') return member.email_consent && member.email !== null;
  return smsOn && member.sms_consent && member.phone !== null;
}

/** Builds the mail and the SMS of a member's voucher: links on the public origin, in their language. */
export class SendMessages {
  constructor(
    private readonly publicUrl: string,
    private readonly tokens: LinkTokens,
  ) {}

  unsubscribeUrl(deliveryId: string, language: string): string {
    return `${this.publicUrl}/api/members/unsubscribe?token=${this.tokens.sign(deliveryId)}&lang=${language}`;
  }

  private message(
    member: RecipientRow,
    code: IssuedCode,
    wallet: { apple: boolean; google: boolean },
    unsubscribeUrl: string | null,
  ): MemberVoucherMessage {
    const voucherUrl = `${this.publicUrl}/voucher/${encodeURIComponent(code.publicId)}`;
    return {
      language: member.language,
      firstName: member.first_name,
      title: code.title ?? null,
      voucherUrl,
      partners: code.partners ?? [],
      wallet: {
        apple: wallet.apple
          ? `${this.publicUrl}/api/qr-codes/${encodeURIComponent(code.publicId)}/pass.pkpass`
          : null,
        google: wallet.google ? voucherUrl : null,
      },
      unsubscribeUrl,
    };
  }

  mail(
    deliveryId: string,
    sourceId: string,
    member: RecipientRow,
    code: IssuedCode,
    wallet: { apple: boolean; google: boolean },
  ): MailToRecord {
    const unsubscribeUrl = this.unsubscribeUrl(deliveryId, member.language);
    const params = this.message(member, code, wallet, unsubscribeUrl);
    return {
      idempotencyKey: deliveryKey(sourceId, member.id, 'email'),
      to: member.email!,
      subject: memberMailSubject(member.language, code.title ?? null),
      template: MEMBER_VOUCHER_TEMPLATE,
      params: params as unknown as Record<string, unknown>,
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  sms(
    sourceId: string,
    member: RecipientRow,
    code: IssuedCode,
    wallet: { apple: boolean; google: boolean },
  ): SmsToRecord {
    return {
      idempotencyKey: deliveryKey(sourceId, member.id, 'sms'),
      to: member.phone!,
      body: renderMemberSms(this.message(member, code, wallet, null)),
    };
  }
}
