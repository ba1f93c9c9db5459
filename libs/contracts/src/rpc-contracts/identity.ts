import { z } from 'zod';
import {
  authResponseSchema,
  changePasswordRequestSchema,
  companyLoginRequestSchema,
  currentUserSchema,
  loginRequestSchema,
  messageResponseSchema,
  signInAttackSchema,
  updateProfileRequestSchema,
} from '../auth';
import { uuidParam } from '../common';
import { auditPeopleQuerySchema, auditPeopleSchema } from '../audit';
import { createPortalUserRequestSchema, portalUserSchema, updatePortalUserRequestSchema } from '../partners';
import { setLanguageRequestSchema } from '../languages';
import { actorSchema } from '../roles';
import { contract, empty, health, token, companyScope } from './contract';

/** The identity subjects of RPC_CONTRACTS (rpc-contracts.ts). */
export const identityContracts = {
  'identity.health.v1': health,
  'identity.auth.login.v1': contract('login', loginRequestSchema, authResponseSchema),
  'identity.auth.company-login.v1': contract('companyLogin', companyLoginRequestSchema, authResponseSchema),
  /**
   * The gateway's bearer check: the session's actor, or null; with when the session ends at the latest
   * (its sign-in's end), which a gateway keeping the answer never passes (decision 350).
   */
  'identity.auth.resolve-session.v1': contract(
    'resolveSession',
    token,
    actorSchema.extend({ sessionEndsAt: z.string().optional() }).nullable(),
  ),
  /**
   * Internal (gateway): the actor of a live session by its id (Actor.sessionId, the SHA-256 of its
   * token), for what stands for a session without carrying its token (the queue board's cookie, a
   * download link); it counts as a use of the session. Null once the session has ended.
   */
  'identity.auth.session-actor.v1': contract(
    'sessionActor',
    z.object({ sessionId: z.string().regex(/^[0-9a-f]{64}$/, 'Not a session id') }),
    actorSchema.nullable(),
  ),
  'identity.auth.logout.v1': contract('logout', token, messageResponseSchema),
  'identity.auth.current-user.v1': contract('currentUser', empty, currentUserSchema),
  /** The administrator's dashboard: accounts whose sign-ins are being slowed down now (polled). */
  'identity.auth.sign-in-attacks.v1': contract('signInAttacks', empty, signInAttackSchema.array()),
  'identity.admin.update-profile.v1': contract(
    'updateProfile',
    updateProfileRequestSchema,
    currentUserSchema,
  ),
  /** PATCH /api/auth/user/language: the signed-in user's own language (any role; issue 42). */
  'identity.auth.set-language.v1': contract('setUserLanguage', setLanguageRequestSchema, currentUserSchema),
  'identity.admin.change-password.v1': contract(
    'changePassword',
    changePasswordRequestSchema,
    messageResponseSchema,
  ),
  /** Internal (partners -> identity). */
  'identity.users.create-portal-user.v1': contract(
    'createPortalUser',
    companyScope.extend({ user: createPortalUserRequestSchema }),
    portalUserSchema,
  ),
  'identity.users.list-company-users.v1': contract(
    'listCompanyUsers',
    companyScope,
    portalUserSchema.array(),
  ),
  /**
   * Internal (statements -> identity): the active portal users of a page of partner companies (at most
   * 500), in one call instead of one per company; ordered by company, then as listed.
   */
  'identity.users.active-of-companies.v1': contract(
    'activeUsersOfCompanies',
    z.object({
      companyIds: z.array(uuidParam).min(1, 'At least one company').max(500, 'At most 500 companies'),
    }),
    z.object({ users: portalUserSchema.array() }),
  ),
  'identity.users.set-active.v1': contract(
    'setUserActive',
    companyScope.extend({ userId: uuidParam }).extend(updatePortalUserRequestSchema.shape),
    portalUserSchema,
  ),
  /** GET /api/audit/people (super_admin): the audit person picker's type-ahead, by username prefix. */
  'identity.users.search.v1': contract('searchUsers', auditPeopleQuerySchema, auditPeopleSchema),
  /**
   * Internal (rendering -> identity): who a user is now (role and company from the user's record, not
   * from any job or request that names them), or null when the user is unknown or deactivated.
   */
  'identity.users.actor.v1': contract('userActor', z.object({ userId: uuidParam }), actorSchema.nullable()),
} as const;
