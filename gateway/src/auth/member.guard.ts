import { RPC, type MemberActor } from '@avpass/contracts';
import { DomainError, RpcClient } from '@avpass/platform';
import {
  applyDecorators,
  createParamDecorator,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { metaOf, type AuthenticatedRequest } from '../rpc/service-caller';
import { bearerToken, Public } from './auth.decorators';

/** A request to a member's own route: `member` is set by MemberGuard, `user` (staff) never is. */
export type MemberRequest = AuthenticatedRequest & { member?: MemberActor };

/**
 * The member's guard for /api/me/* (decision 329): the bearer token is resolved by the members service,
 * which alone knows member sessions. A staff token is unknown there (401), and a member token is unknown
 * to identity, so the staff guard refuses it on every other route (401).
 */
@Injectable()
export class MemberGuard implements CanActivate {
  constructor(private readonly rpc: RpcClient) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<MemberRequest>();
    const token = bearerToken(request);
    if (!token) throw new DomainError('UNAUTHENTICATED', 'Please sign in to see your vouchers.');
    const member =
      token.length <= 512
        ? await this.rpc.call(RPC.members.resolveMemberSession, { token }, metaOf(request))
        : null;
    if (!member) throw new DomainError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    request.member = member;
    return true;
  }
}

/** A member's own route: no staff session needed (nor accepted), a member session required. */
export const MemberOnly = () => applyDecorators(Public(), UseGuards(MemberGuard), ApiBearerAuth());

export const CurrentMember = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): MemberActor =>
    ctx.switchToHttp().getRequest<MemberRequest>().member!,
);
