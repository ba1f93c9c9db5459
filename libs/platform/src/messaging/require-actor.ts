import type { Actor, RpcMeta } from '@avpass/contracts';
import { DomainError } from './domain-error';

/** The caller the gateway established, or UNAUTHENTICATED. */
export function requireActor(meta: RpcMeta): Actor {
  if (!meta?.actor) throw new DomainError('UNAUTHENTICATED', 'Please sign in.');
  return meta.actor;
}

/** The gateway checks roles too; a service does not rely on it. */
export function requireSuperAdmin(meta: RpcMeta): Actor {
  const actor = requireActor(meta);
  if (actor.role !== 'super_admin') throw DomainError.forbidden('Administrator access required');
  return actor;
}
