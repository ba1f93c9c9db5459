import { messageResponseSchema } from '../auth';
import {
  memberActorSchema,
  memberCodeRequestSchema,
  memberIdSchema,
  memberLinkRequestSchema,
  memberProfileSchema,
  memberSessionSchema,
  memberSignInChannelsSchema,
  memberTokenSchema,
  memberVerifyRequestSchema,
  signInSentSchema,
} from '../member-auth';
import { languageSchema } from '../languages';
import { contract, empty } from './contract';

/**
 * The members service's subjects for a member's own sign-in and page (issue 41): /api/member-auth/*
 * and /api/me. Kept apart from the administrator's (rpc-contracts/members.ts).
 */
export const memberAuthContracts = {
  /** POST /api/member-auth/link: always the same answer; the mail goes only to a member. */
  'members.auth.link.v1': contract('signInLink', memberLinkRequestSchema, signInSentSchema),
  /** POST /api/member-auth/code: always the same answer; the SMS goes only to a member, and only while SMS is on. */
  'members.auth.code.v1': contract('signInCode', memberCodeRequestSchema, signInSentSchema),
  'members.auth.channels.v1': contract('signInChannels', empty, memberSignInChannelsSchema),
  /** POST /api/member-auth/verify: the link's token or the phone and code, once, for a member session. */
  'members.auth.verify.v1': contract('verifySignIn', memberVerifyRequestSchema, memberSessionSchema),
  /** The gateway's member guard (/api/me/*): the member a token is, or null. */
  'members.sessions.resolve.v1': contract(
    'resolveMemberSession',
    memberTokenSchema,
    memberActorSchema.nullable(),
  ),
  /** POST /api/me/sign-out. */
  'members.sessions.end.v1': contract('endMemberSession', memberTokenSchema, messageResponseSchema),
  /** GET /api/me: the member's first name, language and athlete credit balance (null: none linked). */
  'members.me.get.v1': contract('memberProfile', memberIdSchema, memberProfileSchema),
  /** PATCH /api/me/language: the member's own language ("My vouchers"; issue 42); answers GET /api/me. */
  'members.me.set-language.v1': contract(
    'setMemberLanguage',
    memberIdSchema.extend({ language: languageSchema }).strict(),
    memberProfileSchema,
  ),
} as const;
