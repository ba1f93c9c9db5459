import { RPC, type Actor } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { LoadShedder } from '../http/load-shedding';
import { RouteTraits } from '../http/route-traits';
import { SessionCache } from '../http/session-cache';
import { metaOf, type AuthenticatedRequest } from '../rpc/service-caller';

/**
 * Resolves `Authorization: Bearer <token>` to the session's actor in the identity service, under the
 * request's own id (the client's `X-Request-Id` when it sent one), so the session check is logged
 * with the rest of the request.
 */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionCache,
    private readonly shedder: LoadShedder,
    private readonly traits: RouteTraits,
  ) {
    super({ passReqToCallback: true });
  }

  async validate(request: AuthenticatedRequest, token: string): Promise<Actor | false> {
    // A screen's poll may reuse the answer of a second ago (http/session-cache.ts, issue 28).
    const polled = this.traits.isPolledGet(request);
    const kept = polled ? this.sessions.get(token) : undefined;
    if (kept) return kept;
    const askedAt = this.sessions.current;
    const resolve = () => this.rpc.call(RPC.identity.resolveSession, { token }, metaOf(request));
    // A screen polling again gives way before it costs the identity service anything (issue 28).
    if (polled && request.headers['if-none-match'] !== undefined) this.shedder.admitPoll();
    const actor = polled ? await this.shedder.track(resolve) : await resolve();
    if (actor && polled) this.sessions.set(token, actor, askedAt);
    return actor ?? false;
  }
}
