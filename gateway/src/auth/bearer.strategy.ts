import { RPC, type Actor } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { metaOf, type AuthenticatedRequest } from '../rpc/service-caller';

/**
 * Resolves `Authorization: Bearer <token>` to the session's actor in the identity service, under the
 * request's own id (the client's `X-Request-Id` when it sent one), so the session check is logged
 * with the rest of the request.
 */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly rpc: RpcClient) {
    super({ passReqToCallback: true });
  }

  async validate(request: AuthenticatedRequest, token: string): Promise<Actor | false> {
    const actor = await this.rpc.call(RPC.identity.resolveSession, { token }, metaOf(request));
    return actor ?? false;
  }
}
