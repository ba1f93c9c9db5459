import type { Actor } from '@avpass/contracts';
import { PLATFORM_SCOPE } from './tallies-sql.repository';

/**
 * Whose tallies (tallies/tallies-sql.repository.ts) hold the actor's figures, by the same rule:
 * the platform's for the administrator, its own for a company, none (null: nothing) for anyone else.
 */
export function tallyScopeOf(actor: Actor): string | null {
  if (actor.role === 'super_admin') return PLATFORM_SCOPE;
  return actor.companyId ?? null;
}
