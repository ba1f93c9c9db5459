import type { MemberLanguage } from '@avpass/contracts';
import { MailProviders, SmsTemplates } from '@avpass/platform';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { signInLinkMail } from './sign-in-messages';
import { SignInSecrets } from './sign-in-secrets';

/** The key of a sign-in's mail or SMS: the sign-in's id follows it. */
export const SIGN_IN_KEY_PREFIX = 'member-sign-in:';
export const SIGN_IN_LINK_TEMPLATE = 'member-sign-in-link';
/** Where a stored sign-in SMS's body has its code: filled in only when it is sent. */
export const CODE_PLACEHOLDER = '{code}';

/** What a sign-in mail's row keeps: nothing secret (the token is made from the id when it is sent). */
export interface SignInLinkParams {
  signInId: string;
  origin: string;
  firstName: string;
  language: MemberLanguage;
  minutes: number;
}

/**
 * Renders the sign-in messages when the workers send them (decision 339): the link's token and the
 * SMS's code are made from the sign-in's id by SignInSecrets, never read from the row.
 */
@Injectable()
export class SignInTemplates implements OnModuleInit {
  constructor(
    private readonly secrets: SignInSecrets,
    private readonly mail: MailProviders,
    private readonly sms: SmsTemplates,
  ) {}

  onModuleInit(): void {
    this.mail.registerTemplate(SIGN_IN_LINK_TEMPLATE, (params) => {
      const p = params as unknown as SignInLinkParams;
      // In the fragment: a browser never sends it to a server, nor in a Referer (decision 330).
      const link = `${p.origin}/me/sign-in#token=${this.secrets.linkToken(p.signInId)}`;
      const { text, html } = signInLinkMail(p.language, p.firstName, link, p.minutes);
      return { text, html };
    });
    this.sms.register(SIGN_IN_KEY_PREFIX, (row) =>
      row.body.replace(
        CODE_PLACEHOLDER,
        this.secrets.code(row.idempotencyKey.slice(SIGN_IN_KEY_PREFIX.length)),
      ),
    );
  }
}
