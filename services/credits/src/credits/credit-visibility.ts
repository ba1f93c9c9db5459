import type { Actor } from '@avpass/contracts';
import type { SqlClause } from '@avpass/platform';

/** The platform's tally scope (credit_tallies.scope_id), beside one scope per partner. */
export const PLATFORM_SCOPE = '00000000-0000-0000-0000-000000000000';

/**
 * Which credits an actor may process, the one place it is written: the administrator every credit, a
 * company the credits tied to it and those tied to no partner, anyone else none.
 */
export function processableCreditsSql(actor: Actor, alias = 'c'): SqlClause {
  if (actor.role === 'super_admin') return { sql: 'true', params: [] };
  if (!actor.companyId) return { sql: 'false', params: [] };
  return { sql: `(${alias}.partner_id is null or ${alias}.partner_id = ?)`, params: [actor.companyId] };
}

/** Which transactions an actor sees: the administrator all, a company only its own. */
export function visibleTransactionsSql(actor: Actor, alias = 't'): SqlClause {
  if (actor.role === 'super_admin') return { sql: 'true', params: [] };
  if (!actor.companyId) return { sql: 'false', params: [] };
  return { sql: `${alias}.partner_id = ?`, params: [actor.companyId] };
}

/** Whose tallies hold the actor's figures: the platform's, its own, or none. */
export function tallyScopeOf(actor: Actor): string | null {
  if (actor.role === 'super_admin') return PLATFORM_SCOPE;
  return actor.companyId ?? null;
}
