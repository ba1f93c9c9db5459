import type { Actor, Role } from '@avpass/contracts';
import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from '../rpc/service-caller';

export const IS_PUBLIC = 'avpass:isPublic';
export const ROLES_KEY = 'avpass:roles';

/** Open to visitors: no bearer token needed. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Only these roles; others get 403. Without it, any signed-in user may call the route. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

export const CurrentActor = createParamDecorator((_data: unknown, ctx: ExecutionContext): Actor => {
  const request = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  return request.user as Actor;
});

export { bearerToken } from '../http/bearer-token';
