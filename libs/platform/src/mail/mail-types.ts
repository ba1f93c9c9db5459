import type { Readable } from 'node:stream';

/**
 * An attachment by reference: the worker asks the provider the service registered for `kind`
 * (MailProviders.registerAttachment) for the bytes when it sends, so a row never holds a file.
 */
export interface MailAttachmentRef {
  kind: string;
  id: string;
}

/** A mail a service records (MailOutbox.recordMail): one recipient, a body or a template, attachments by reference. */
export interface MailToRecord {
  /**
   * The caller's key, unique per mail meant: recording the same key again changes nothing (e.g.
   * `statement:<id>:rev:<n>:to:<userId>`, one mail per revision and recipient). Its prefix lists
   * related mails (OutgoingMailRepository.listMailByKeyPrefix).
   */
  idempotencyKey: string;
  /** One address. */
  to: string;
  subject: string;
  /** A body (text, HTML or both), or a template the service registered and its parameters. */
  text?: string;
  html?: string;
  template?: string;
  params?: Record<string, unknown>;
  attachments?: MailAttachmentRef[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export type OutgoingMailStatus = 'queued' | 'sent' | 'failed';

/** A recorded mail as its row stands (the admin's view of a delivery). */
export interface OutgoingMail {
  id: string;
  idempotencyKey: string;
  recipient: string;
  subject: string;
  text: string | null;
  html: string | null;
  template: string | null;
  params: Record<string, unknown> | null;
  attachments: MailAttachmentRef[];
  headers: Record<string, string> | null;
  status: OutgoingMailStatus;
  /** Attempts made to send it (a retry of its job is one more). */
  attempts: number;
  /** Why the last attempt failed (the SMTP server's answer, or the error). */
  lastError: string | null;
  /** The Message-ID the mail went with. */
  messageId: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The bytes of one attachment, as its provider makes them. */
export interface MailAttachmentFile {
  filename: string;
  contentType: string;
  content: Buffer | Readable;
}

/** Makes an attachment's file when the mail is sent; null when its subject is gone (the mail then fails). */
export type MailAttachmentProvider = (id: string) => Promise<MailAttachmentFile | null>;

/** What a template makes of its parameters. */
export interface RenderedMail {
  text?: string;
  html?: string;
}
export type MailTemplate = (params: Record<string, unknown>) => RenderedMail | Promise<RenderedMail>;
