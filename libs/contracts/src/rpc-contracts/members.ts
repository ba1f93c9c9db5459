import { uuidParam } from '../common';
import {
  createMemberRequestSchema,
  importMembersRequestSchema,
  importMembersResponseSchema,
  memberExportSchema,
  memberListQuerySchema,
  memberPageSchema,
  memberSchema,
  mergeMembersRequestSchema,
  updateMemberRequestSchema,
} from '../members';
import { messageResponseSchema } from '../auth';
import {
  memberChannelsSchema,
  memberDeliveriesPageSchema,
  memberDeliveriesQuerySchema,
  memberDeliverySchema,
  resendDeliveryRequestSchema,
  sendProgressSchema,
  sendToMembersRequestSchema,
  sendToMembersResponseSchema,
  twilioWebhookRequestSchema,
  twilioWebhookResponseSchema,
  unsubscribeRequestSchema,
  unsubscribeResponseSchema,
} from '../member-sends';
import { byId, contract, empty, health, sentOnly } from './contract';

/** The members subjects of RPC_CONTRACTS (issue 41): the administrator's API under /api/members. */
export const membersContracts = {
  'members.health.v1': health,
  /** GET /api/members: one keyset page, searched and filtered. */
  'members.members.page.v1': contract('page', memberListQuerySchema, memberPageSchema),
  'members.members.get.v1': contract('get', byId, memberSchema),
  /** POST /api/members: once per Idempotency-Key. */
  'members.members.create.v1': contract('create', createMemberRequestSchema, memberSchema),
  /** PATCH /api/members/{id}: the body's fields and the path's id, flat (field errors read `email`). */
  'members.members.update.v1': contract(
    'update',
    updateMemberRequestSchema
      .extend({ id: uuidParam })
      .transform(({ id, ...changes }) => ({ id, changes: sentOnly(changes) })),
    memberSchema,
  ),
  /** DELETE /api/members/{id}: erasure; personal data scrubbed, members.member.erased.v1 published. */
  'members.members.erase.v1': contract('erase', byId, messageResponseSchema),
  'members.members.export.v1': contract('export', byId, memberExportSchema),
  /** POST /api/members/{id}/merge: the `from` member is merged into `id`, then gone. */
  'members.members.merge.v1': contract('merge', mergeMembersRequestSchema, memberSchema),
  /** POST /api/members/import: the CSV the gateway stored under DATA_DIR/member-imports. */
  'members.members.import.v1': contract('import', importMembersRequestSchema, importMembersResponseSchema),
  /** POST /api/members/send: recorded at once, codes and messages made in the background (decision 325). */
  'members.sends.send.v1': contract('send', sendToMembersRequestSchema, sendToMembersResponseSchema),
  /** GET /api/members/sends/{sendId}: how far a send has got (polled by the send dialog). */
  'members.sends.progress.v1': contract('sendProgress', byId, sendProgressSchema),
  /** GET /api/members/channels: whether e-mail and SMS are configured. */
  'members.sends.channels.v1': contract('channels', empty, memberChannelsSchema),
  /** GET /api/members/{id}/deliveries: a keyset page, newest first. */
  'members.deliveries.page.v1': contract(
    'deliveries',
    memberDeliveriesQuerySchema,
    memberDeliveriesPageSchema,
  ),
  /** POST /api/members/{id}/deliveries/{deliveryId}/resend: once per Idempotency-Key. */
  'members.deliveries.resend.v1': contract('resend', resendDeliveryRequestSchema, memberDeliverySchema),
  /** POST /api/members/unsubscribe (public): the e-mail consent withdrawn by the link's token (decision 326). */
  'members.consent.unsubscribe.v1': contract(
    'unsubscribe',
    unsubscribeRequestSchema,
    unsubscribeResponseSchema,
  ),
  /** POST /api/webhooks/twilio/status (public, signed): a delivered or failed SMS. */
  'members.twilio.status.v1': contract(
    'twilioStatus',
    twilioWebhookRequestSchema,
    twilioWebhookResponseSchema,
  ),
  /** POST /api/webhooks/twilio/inbound (public, signed): a reply; STOP withdraws the SMS consent. */
  'members.twilio.inbound.v1': contract(
    'twilioInbound',
    twilioWebhookRequestSchema,
    twilioWebhookResponseSchema,
  ),
} as const;
