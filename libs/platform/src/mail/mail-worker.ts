import { mailJobDataSchema, mailQueueName } from '@avpass/contracts';
import { UnrecoverableError } from 'bullmq';
import { createTransport, type Transporter } from 'nodemailer';
import { DeliveryWorker } from '../delivery/delivery-worker';
import type { MailConfig } from './mail-config';
import { MailProviders } from './mail-providers';
import type { MailAttachmentFile, OutgoingMail } from './mail-types';
import { OutgoingMailRepository } from './outgoing-mail.repository';

export interface MailWorkerOptions {
  config: Pick<MailConfig, 'SMTP_URL' | 'MAIL_FROM'> & { REDIS_URL: string; NATS_NAMESPACE: string };
  service: string;
  concurrency?: number;
}

/** nodemailer's SMTP options from SMTP_URL: smtps:// is TLS from the start, smtp:// STARTTLS when offered. */
export function smtpTransportOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    pool: true as const,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/** The domain of MAIL_FROM's address, for the Message-IDs of the mail sent from it. */
const fromDomain = (from: string) => /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'avpass.local';

/**
 * Sends the service's recorded mail: a job names a mail's row and nothing else is taken from it (decision
 * 78); the recipient, subject, body and attachments are read from the row and the service's providers.
 * A failed send throws and BullMQ retries it with backoff (MAIL_JOB_ATTEMPTS, MAIL_JOB_BACKOFF_MS); each
 * failure is written on the row, and the last one marks it `failed` with the reason. A mail sent twice
 * (a job retried after the server accepted it) carries the same Message-ID both times. The job loop is
 * the one SMS shares (DeliveryWorker, decision 317); this class is mail's sender.
 */
export class MailWorker {
  private readonly delivery: DeliveryWorker<OutgoingMail>;
  private transport?: Transporter;

  constructor(
    private readonly mails: OutgoingMailRepository,
    private readonly providers: MailProviders,
    private readonly options: MailWorkerOptions,
  ) {
    this.delivery = new DeliveryWorker<OutgoingMail>(
      {
        rowId: (data) => mailJobDataSchema.safeParse(data).data?.mailId ?? null,
        find: (id) => this.mails.findMail(id),
        send: (mail) => this.send(mail),
        markSent: (id, messageId) => this.mails.markMailSent(id, messageId),
        markAttemptFailed: (id, error, final) =>
          this.mails.markMailAttemptFailed(id, error instanceof Error ? error.message : String(error), final),
      },
      {
        channel: 'mail',
        redisUrl: options.config.REDIS_URL,
        queueName: mailQueueName(options.config.NATS_NAMESPACE, options.service),
        concurrency: options.concurrency ?? 4,
      },
    );
  }

  start(): void {
    const { config } = this.options;
    this.transport = createTransport(smtpTransportOptions(config.SMTP_URL), { from: config.MAIL_FROM });
    this.delivery.start();
  }

  async stop(): Promise<void> {
    await this.delivery.stop();
    this.transport?.close();
  }

  /** One SMTP transaction; the Message-ID the server accepted. */
  private async send(mail: OutgoingMail): Promise<string> {
    const body = mail.template ? await this.render(mail) : { text: mail.text, html: mail.html };
    const attachments = await Promise.all(mail.attachments.map((ref) => this.attachment(ref.kind, ref.id)));
    const info = (await this.transport!.sendMail({
      to: mail.recipient,
      subject: mail.subject,
      text: body.text ?? undefined,
      html: body.html ?? undefined,
      headers: mail.headers ?? undefined,
      messageId: `<${mail.id}@${fromDomain(this.options.config.MAIL_FROM)}>`,
      attachments: attachments.map((file) => ({ ...file })),
    })) as { messageId?: string };
    return info.messageId ?? '';
  }

  private async render(mail: OutgoingMail) {
    const template = this.providers.template(mail.template!);
    if (!template) throw new UnrecoverableError(`no mail template ${mail.template}`);
    return template(mail.params ?? {});
  }

  private async attachment(kind: string, id: string): Promise<MailAttachmentFile> {
    const provider = this.providers.attachmentProvider(kind);
    if (!provider) throw new UnrecoverableError(`no attachment provider for ${kind}`);
    const file = await provider(id);
    if (!file) throw new UnrecoverableError(`attachment ${kind} ${id} is gone`);
    return file;
  }
}
