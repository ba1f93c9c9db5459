import { z } from 'zod';
import { ROLES } from './roles';
import { numberInput } from './validation';

/**
 * The audit trail (issue 26): who changed what, when, from where. Each service writes its entries in
 * the same transaction as the change (`AuditTrail.appendEntry`, libs/platform), into its own append-only
 * `audit_entries` table, and sends each through its outbox as `audit.entry.recorded.v1`; the audit
 * service keeps the one read model the API reads.
 */

/** `public`: an anonymous caller (the member's phone, a failed sign-in), known by its address only. */
export const AUDIT_ACTOR_TYPES = ['user', 'public', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** One field's change: before → after (absent side: null). Secrets are never recorded. */
export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });
export const auditChangesSchema = z.record(z.string(), auditChangeSchema);
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEntrySchema = z.object({
  id: z.string().uuid(),
  /** ISO 8601, when the change committed (its transaction's time). */
  at: z.string(),
  actorType: z.enum(AUDIT_ACTOR_TYPES),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.enum(ROLES).nullable(),
  actorCompanyId: z.string().uuid().nullable(),
  /** A dotted name: `vouchers.voucher.deleted`, `identity.sign-in.failed`, … */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The company (partner) the change concerns: a company_admin reads the entries about its own. */
  companyId: z.string().uuid().nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  changes: auditChangesSchema.nullable(),
  /** The service that recorded it. */
  service: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** An entry as GET /api/audit answers it: the recorded entry plus what the gateway adds for people. */
export const auditEntryViewSchema = auditEntrySchema.extend({
  /** Added by the gateway (issue 44): the company's and the target's names when known, and the sentence. */
  companyName: z.string().nullable().optional(),
  targetName: z.string().nullable().optional(),
  description: z.string().optional(),
});
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;

export const AUDIT_PAGE_MAX = 200;
/** GET /api/audit and GET /api/audit/export query. */
export const auditQuerySchema = z.object({
  action: z.string().trim().max(200).optional(),
  actorId: z.string().trim().max(200).optional(),
  targetType: z.string().trim().max(100).optional(),
  targetId: z.string().trim().max(200).optional(),
  from: z.string().datetime({ offset: true, error: 'from must be an ISO 8601 date-time' }).optional(),
  to: z.string().datetime({ offset: true, error: 'to must be an ISO 8601 date-time' }).optional(),
  cursor: z.string().max(500).optional(),
  limit: numberInput('limit').pipe(z.number().int().min(1).max(AUDIT_PAGE_MAX)).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntryViewSchema),
  nextCursor: z.string().nullable(),
  /**
   * Added by the gateway (issue 44, decision 166): the business time zone (BUSINESS_TIMEZONE) the
   * screen shows the entries' times in. Absent from the audit service's own answer.
   */
  timeZone: z.string().optional(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The person picker's most suggestions (issue 44, decision 165). */
export const AUDIT_PEOPLE_LIMIT = 10;
/** GET /api/audit/people?q= (super_admin): users whose username starts with `q`, any case. */
export const auditPeopleQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type the start of a username').max(100),
});
export const auditPeopleSchema = z.object({
  people: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      /** As the trail names them: first and last name, else the username. */
      name: z.string(),
      role: z.string(),
    }),
  ),
});
export type AuditPerson = z.infer<typeof auditPeopleSchema>['people'][number];

/** Fields never written into `changes`, whatever the entity (checked by AuditTrail). */
export const AUDIT_SECRET_FIELDS = [
  'password',
  'passwordHash',
  'password_hash',
  'currentPassword',
  'newPassword',
  'token',
  'sessionId',
  'refreshToken',
  'secret',
] as const;
