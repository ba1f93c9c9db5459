import { z } from 'zod';
import { memberIdSchema } from '../member-auth';
import {
  memberPassSchema,
  passKeysResponseSchema,
  passRevocationsPageSchema,
  passRevocationsRequestSchema,
  revokePassRequestSchema,
  revokePassResponseSchema,
  tillPassJudgementSchema,
  tillPassRequestSchema,
} from '../member-pass';
import { byIdOnce, contract, empty } from './contract';

/** The members service's subjects of the member pass (issue 43, decisions 363 and 364). */
export const memberPassContracts = {
  /** GET /api/me/pass: the member's codes for the current step and the next 9, by the server's clock. */
  'members.me.pass.v1': contract('memberPass', memberIdSchema, memberPassSchema),
  /**
   * POST /api/me/pass/revoke: the member's own pass moves on (a lost phone) and their other sessions
   * end (`sessionId`: the one asking, kept); once per Idempotency-Key.
   */
  'members.me.pass-revoke.v1': contract(
    'revokeOwnPass',
    memberIdSchema.extend({ sessionId: z.string().uuid() }).extend(revokePassRequestSchema.shape),
    revokePassResponseSchema,
  ),
  /** POST /api/members/{id}/pass/revoke (super_admin): the member's pass moves on; once per Idempotency-Key. */
  'members.members.pass-revoke.v1': contract('revokePass', byIdOnce, revokePassResponseSchema),
  /** GET /api/till/pass-keys: the public keys a till verifies passes with, the next one listed ahead. */
  'members.till.pass-keys.v1': contract('passKeys', empty, passKeysResponseSchema),
  /** GET /api/till/pass-revocations: members whose pass moved on, whole or by delta. */
  'members.till.pass-revocations.v1': contract(
    'passRevocations',
    passRevocationsRequestSchema,
    passRevocationsPageSchema,
  ),
  /** POST /api/till/pass: whether a scanned pass is genuine and current, and whose (no vouchers: the gateway adds them). */
  'members.till.pass.v1': contract('judgeTillPass', tillPassRequestSchema, tillPassJudgementSchema),
} as const;
