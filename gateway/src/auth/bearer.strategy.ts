import { RPC, type Actor } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { LoadShedder } from '../http/load-shedding';
import { RouteTraits } from '../http/route-traits';
import { SessionCache } from '../http/session-cache';
import { metaOf, type AuthenticatedRequest } from '../rpc/service-caller';
import { SessionRevocations } from './session-revocations';

/**
 * Resolves `Authorization: Bearer <token>` to the session's actor in the identity service, under the
 * request's own id (the client's `X-Request-Id` when it sent one), so the session check is logged
 * with the rest of the request. Identity's answer is kept briefly (http/session-cache.ts): a poll uses
 * it as it is; any other request once this gateway has applied every revocation identity sent before
 * the request arrived (SessionRevocations, decision 350), so a sign-out or deactivation holds at once.
 */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionCache,
    private readonly revocations: SessionRevocations,
    private readonly shedder: LoadShedder,
    private readonly traits: RouteTraits,
  ) {
    super({ passReqToCallback: true });
  }

  async validate(request: AuthenticatedRequest, token: string): Promise<Actor | false> {
    const polled = this.traits.isPolledGet(request);
    const kept = this.sessions.get(token);
    if (kept) {
      // A screen's poll may reuse the answer of a second ago (issue 28); anything else only once the
      // revocations sent before it are applied, and then only if none of them named this session.
      if (polled) return kept;
      if (await this.revocations.confirmed()) {
        const still = this.sessions.get(token);
        if (still) return still;
      }
    }
    const askedAt = this.sessions.current;
    const resolve = () => this.rpc.call(RPC.identity.resolveSession, { token }, metaOf(request));
    // A screen polling again gives way before it costs the identity service anything (issue 28); a
    // screen's first load only past twice the polls in flight (decision 377).
    if (polled && request.headers['if-none-match'] !== undefined) this.shedder.admitPoll();
    else if (polled) this.shedder.admitFirstLoad();
    const answer = polled ? await this.shedder.track(resolve) : await resolve();
    if (!answer) return false;
    const { sessionEndsAt, ...actor } = answer;
    const endsAt = sessionEndsAt === undefined ? Infinity : Date.parse(sessionEndsAt);
    this.sessions.set(token, actor, askedAt, Number.isNaN(endsAt) ? 0 : endsAt);
    return actor;
  }
}
