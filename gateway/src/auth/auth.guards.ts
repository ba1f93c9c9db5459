import type { Role } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { AuthenticatedRequest } from '../rpc/service-caller';
import { IS_PUBLIC, ROLES_KEY } from './auth.decorators';

/** Every route needs a valid session unless marked @Public(). */
@Injectable()
export class BearerAuthGuard extends AuthGuard('bearer') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error) throw error;
    if (!user) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
    return user;
  }
}

/** Refuses a signed-in user whose role is not among the route's @Roles(...). */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles?.length) return true;
    const actor = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    if (actor && roles.includes(actor.role)) return true;
    throw DomainError.forbidden('You do not have access to this.');
  }
}
