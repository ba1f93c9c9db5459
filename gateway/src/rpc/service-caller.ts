import type { Actor, RpcMeta, RpcRequestInput, RpcResponse, RpcSubject } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export type AuthenticatedRequest = FastifyRequest & { user?: Actor };

/**
 * Calls a service on behalf of an HTTP request, carrying its request id, actor and client address.
 * Typed by RPC_CONTRACTS; the service validates every request against the same contract, once.
 */
@Injectable()
export class ServiceCaller {
  constructor(private readonly rpc: RpcClient) {}

  /** A payload the gateway builds itself (path ids, headers). */
  call<S extends RpcSubject>(
    subject: S,
    payload: RpcRequestInput<S>,
    request: AuthenticatedRequest,
  ): Promise<RpcResponse<S>> {
    return this.rpc.call(subject, payload, metaOf(request));
  }

  /**
   * A client's JSON body (or query), as sent, plus the fields the gateway adds. The gateway does not
   * parse it: the service's contract does, and its VALIDATION_FAILED comes back as the 400 with field
   * errors. A body that is not a JSON object is forwarded as it is, so the contract refuses it.
   */
  forward<S extends RpcSubject>(
    subject: S,
    body: unknown,
    request: AuthenticatedRequest,
    added: Partial<RpcRequestInput<S>> = {},
    /** For the few calls that may take longer than RPC_TIMEOUT_MS (a 100,000-code batch). */
    timeoutMs?: number,
  ): Promise<RpcResponse<S>> {
    const payload = isJsonObject(body) ? { ...body, ...added } : body;
    // The one place an unparsed body meets the typed map; the service's @RpcHandler parses it.
    return this.rpc.call(subject, payload as RpcRequestInput<S>, metaOf(request), timeoutMs);
  }
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function metaOf(request: AuthenticatedRequest): RpcMeta {
  return {
    requestId: String(request.id),
    ...(request.user ? { actor: request.user } : {}),
    ip: request.ip,
    ...(request.headers['user-agent']
      ? { userAgent: String(request.headers['user-agent']).slice(0, 500) }
      : {}),
  };
}
