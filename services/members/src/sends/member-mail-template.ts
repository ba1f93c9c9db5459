import { MailProviders } from '@avpass/platform';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { messageFromParams, renderMemberMail } from './member-message';
import { MEMBER_VOUCHER_TEMPLATE } from './send-messages';

/** Registers the member's voucher mail with the mail worker (rendered from the row when it is sent). */
@Injectable()
export class MemberMailTemplate implements OnModuleInit {
  constructor(private readonly providers: MailProviders) {}

  onModuleInit(): void {
    this.providers.registerTemplate(MEMBER_VOUCHER_TEMPLATE, (params) =>
      renderMemberMail(messageFromParams(params)),
    );
  }
}
