import type { Actor, RpcRequest } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';

export function requireActor(request: RpcRequest<unknown>): Actor {
  if (!request?.meta?.actor) throw new DomainError('UNAUTHENTICATED', 'Please sign in.');
  return request.meta.actor;
}

/** The gateway checks roles too; the service does not rely on it. */
export function requireSuperAdmin(request: RpcRequest<unknown>): Actor {
  const actor = requireActor(request);
  if (actor.role !== 'super_admin') throw DomainError.forbidden('Administrator access required');
  return actor;
}
