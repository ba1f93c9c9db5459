import { z } from 'zod';
import { uuidParam } from './common';
import { MEMBER_LANGUAGES } from './members';
import { safeText } from './text';

/**
 * A member's own sign-in (issue 41): a magic link by e-mail or a 6-digit code by SMS, then a member
 * session of its own, kept by the members service and never known to identity's staff guard
 * (docs/decisions/0329-member-sessions-live-in-the-members-service.md).
 */

/** The one answer of /link and /code, member or not (never says whether the address is a member's). */
export const SIGN_IN_SENT_MESSAGE =
  'If this address belongs to a member, a sign-in message is on its way. It works once and only for a few minutes.';

export const signInSentSchema = z.object({ message: z.string() });
export type SignInSent = z.infer<typeof signInSentSchema>;

/** The origin the link points to (the gateway's public origin, never the body's). */
const originField = z
  .string()
  .url()
  .refine((v) => /^https?:\/\/[^/\s?#@]+$/.test(v), 'Not an origin');

/** POST /api/member-auth/link: the e-mail as typed; `origin` added by the gateway. */
export const memberLinkRequestSchema = z.object({
  email: z
    .string({ message: 'Enter your e-mail address' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter your e-mail address')
    .max(254, 'E-mail must be at most 254 characters')
    .pipe(z.email('Not a valid e-mail address')),
  origin: originField,
});
export type MemberLinkRequest = z.infer<typeof memberLinkRequestSchema>;

const phoneField = safeText()
  .pipe(z.string({ message: 'Enter your phone number' }).trim().min(1, 'Enter your phone number'))
  .pipe(z.string().max(40, 'Phone must be at most 40 characters'));

/** POST /api/member-auth/code: the phone as typed (the service reads it as E.164). */
export const memberCodeRequestSchema = z.object({ phone: phoneField });
export type MemberCodeRequest = z.infer<typeof memberCodeRequestSchema>;

/** The link's secret (43 characters of base64url) or the SMS's 6 digits with the phone they went to. */
export const memberVerifyRequestSchema = z.union(
  [
    z.object({ token: z.string().trim().min(1, 'The sign-in link is incomplete').max(200) }).strict(),
    z
      .object({
        phone: phoneField,
        code: z
          .string({ message: 'Enter the 6-digit code' })
          .trim()
          .regex(/^\d{6}$/, 'Enter the 6-digit code'),
      })
      .strict(),
  ],
  { message: 'Send the link’s token, or the phone and the 6-digit code' },
);
export type MemberVerifyRequest = z.infer<typeof memberVerifyRequestSchema>;

export const memberLanguageSchema = z.enum(MEMBER_LANGUAGES);

/** A member session: its bearer token (shown once), when it ends at the latest, and whom it is for. */
export const memberSessionSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  member: z.object({ firstName: z.string(), language: memberLanguageSchema }),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

/** GET /api/member-auth/channels: SMS is offered only while it is configured (TWILIO_*). */
export const memberSignInChannelsSchema = z.object({ email: z.boolean(), sms: z.boolean() });
export type MemberSignInChannels = z.infer<typeof memberSignInChannelsSchema>;

/** The gateway's member guard: who a member token is, or null (unknown, ended, idle, erased). */
export const memberActorSchema = z.object({
  memberId: z.string(),
  sessionId: z.string(),
  firstName: z.string(),
  language: memberLanguageSchema,
});
export type MemberActor = z.infer<typeof memberActorSchema>;

export const memberTokenSchema = z.object({ token: z.string().min(1).max(512) });
export const memberIdSchema = z.object({ memberId: uuidParam });

/**
 * GET /api/me. `creditBalanceCents`: the remaining balance, in cents, of the athlete credits linked to
 * the member that are still active (decision 336); null when no credit is linked to them.
 */
export const memberProfileSchema = z.object({
  firstName: z.string(),
  language: memberLanguageSchema,
  creditBalanceCents: z.number().int().nullable(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;
