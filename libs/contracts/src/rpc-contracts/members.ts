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
import { byId, contract, health, sentOnly } from './contract';

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
} as const;
