import { Injectable } from '@nestjs/common';
import type { MailAttachmentProvider, MailTemplate } from './mail-types';

/**
 * What a service's mail worker cannot read from a mail's row: the files its attachment references name
 * and the templates it may be recorded with. The service registers them once at start-up (its module's
 * onModuleInit), by kind and by name; a mail naming one that is not registered fails without retries.
 */
@Injectable()
export class MailProviders {
  private readonly attachments = new Map<string, MailAttachmentProvider>();
  private readonly templates = new Map<string, MailTemplate>();

  /** `kind` (e.g. 'statement-pdf') is made by `provider(id)` when a mail is sent. */
  registerAttachment(kind: string, provider: MailAttachmentProvider): void {
    if (this.attachments.has(kind)) throw new Error(`mail attachment kind ${kind} is registered twice`);
    this.attachments.set(kind, provider);
  }

  /** Mails recorded with `template: name` get their body from `render(params)` when they are sent. */
  registerTemplate(name: string, render: MailTemplate): void {
    if (this.templates.has(name)) throw new Error(`mail template ${name} is registered twice`);
    this.templates.set(name, render);
  }

  attachmentProvider(kind: string): MailAttachmentProvider | undefined {
    return this.attachments.get(kind);
  }

  template(name: string): MailTemplate | undefined {
    return this.templates.get(name);
  }
}
