import { z } from 'zod';
import { uuidParam } from './common';
import { MEMBER_TAG_MESSAGE, MEMBER_TAG_PATTERN } from './members';
import { pageLimit } from './validation';
import { idempotencyKeyField } from './vouchers';

/**
 * Sending vouchers to members (issue 41): the administrator's send, its deliveries per member and
 * channel, the one-click unsubscribe and Twilio's webhooks as the members service receives them.
 */
export const SEND_CHANNELS = ['email', 'sms'] as const;
export type SendChannel = (typeof SEND_CHANNELS)[number];
/** The most members one send names by id (a tag reaches any number). */
export const SEND_MEMBER_IDS_MAX = 10_000;

const uuidIn = (field: string) => z.string().uuid(`${field} must be a valid id`);

/**
 * POST /api/members/send: a voucher (`qrCodeId`, each member a new code copying it) or a batch
 * (`batchId`, each member one of its codes), to members by id or by tag, on one or both channels.
 */
export const sendToMembersRequestSchema = z
  .object({
    qrCodeId: uuidIn('qrCodeId').optional(),
    batchId: uuidIn('batchId').optional(),
    memberIds: z
      .array(uuidIn('Each member id'))
      .min(1, 'memberIds must name at least one member')
      .max(SEND_MEMBER_IDS_MAX, `memberIds may name at most ${SEND_MEMBER_IDS_MAX} members: send by tag`)
      .transform((ids) => [...new Set(ids)])
      .optional(),
    tag: z.string().trim().toLowerCase().regex(MEMBER_TAG_PATTERN, MEMBER_TAG_MESSAGE).optional(),
    channels: z
      .array(z.enum(SEND_CHANNELS, 'channels must be email or sms'), 'channels must be a list')
      .min(1, 'channels must name email, sms or both')
      .transform((list) => [...new Set(list)].sort()),
    idempotencyKey: idempotencyKeyField,
  })
  .superRefine((send, ctx) => {
    if ((send.qrCodeId === undefined) === (send.batchId === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['qrCodeId'],
        message: 'Send exactly one of qrCodeId or batchId',
      });
    if ((send.memberIds === undefined) === (send.tag === undefined))
      ctx.addIssue({ code: 'custom', path: ['memberIds'], message: 'Send exactly one of memberIds or tag' });
  });
export type SendToMembersRequest = z.input<typeof sendToMembersRequestSchema>;

const count = z.number().int().nonnegative();
/**
 * The send as recorded: `queued` messages (one per member and channel with consent and an address),
 * `skipped` per channel (no consent or no address), `members` selected. The codes are issued and the
 * messages recorded in the background (decision 325); a member with a message for this voucher on a
 * channel already gets no second one.
 */
export const sendToMembersResponseSchema = z.object({
  sendId: z.string(),
  members: count,
  queued: count,
  skipped: z.object({ email: count, sms: count }),
});
export type SendToMembersResponse = z.infer<typeof sendToMembersResponseSchema>;

/** A send's expansion: codes issued and messages recorded page by page (decision 325). */
export const SEND_STATUSES = ['expanding', 'done', 'failed'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/**
 * GET /api/members/sends/{sendId}: how far a send has got (decision 340). `members`, `queued` and
 * `skipped` as the send answered; `recorded` messages recorded so far, of which `pending` still wait for
 * the provider, `sent` it took (`delivered` of those confirmed by SMS callback) and `failed` (refused,
 * bounced or out of attempts); `refused` members the source gave no code (an empty batch); `reason`
 * why a failed send stopped.
 */
export const sendProgressSchema = z.object({
  sendId: z.string(),
  status: z.enum(SEND_STATUSES),
  members: count,
  queued: count,
  skipped: z.object({ email: count, sms: count }),
  recorded: count,
  pending: count,
  sent: count,
  delivered: count,
  failed: count,
  refused: count,
  reason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SendProgress = z.infer<typeof sendProgressSchema>;

/** GET /api/members/channels: which channels a send may use (SMS needs TWILIO_*). */
export const memberChannelsSchema = z.object({ email: z.boolean(), sms: z.boolean() });
export type MemberChannels = z.infer<typeof memberChannelsSchema>;

export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'bounced', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One message to one member on one channel, as its outgoing row stands. */
export const memberDeliverySchema = z.object({
  id: z.string(),
  memberId: z.string(),
  sendId: z.string(),
  channel: z.enum(SEND_CHANNELS),
  qrCodeId: z.string(),
  publicId: z.string(),
  /** The address it went to; null once the member was erased. */
  address: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** Why it failed (the provider's answer), when it did. */
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberDelivery = z.infer<typeof memberDeliverySchema>;

/** GET /api/members/{id}/deliveries: newest first, by keyset cursor. */
export const memberDeliveriesQuerySchema = z.object({
  id: uuidParam,
  cursor: z.string().max(200, 'cursor must be at most 200 characters').optional(),
  limit: pageLimit(200).default(50),
});
export const memberDeliveriesPageSchema = z.object({
  items: z.array(memberDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type MemberDeliveriesPage = z.infer<typeof memberDeliveriesPageSchema>;

/** POST /api/members/{id}/deliveries/{deliveryId}/resend: a failed or bounced message sent again. */
export const resendDeliveryRequestSchema = z.object({
  id: uuidParam,
  deliveryId: uuidParam,
  idempotencyKey: idempotencyKeyField,
});

/** POST /api/members/unsubscribe?token=…: the link's opaque token (RFC 8058 one-click). */
export const unsubscribeRequestSchema = z.object({
  token: z
    .string('The unsubscribe link is incomplete')
    .regex(/^[A-Za-z0-9_-]{20,200}$/, 'The unsubscribe link is not valid'),
});
export const unsubscribeResponseSchema = z.object({
  message: z.string(),
  language: z.enum(['en', 'es']),
});

/** A Twilio webhook as the gateway forwards it: the public URL it rebuilt, the form and the signature. */
export const twilioWebhookRequestSchema = z.object({
  url: z.string().url().max(2000),
  params: z.record(z.string(), z.string().max(5000)),
  signature: z.string().max(200).nullable(),
});
export const twilioWebhookResponseSchema = z.object({ applied: z.boolean() });
