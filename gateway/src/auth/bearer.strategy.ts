import { RPC, type Actor } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { randomUUID } from 'node:crypto';
import { Strategy } from 'passport-http-bearer';

/** Resolves `Authorization: Bearer <token>` to the session's actor in the identity service. */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async validate(token: string): Promise<Actor | false> {
    const actor = await this.rpc.call(RPC.identity.resolveSession, { token }, { requestId: randomUUID() });
    return actor ?? false;
  }
}
