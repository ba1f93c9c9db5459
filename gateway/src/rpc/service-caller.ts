import type { Actor, RpcMeta } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export type AuthenticatedRequest = FastifyRequest & { user?: Actor };

/** Calls a service on behalf of an HTTP request, carrying its request id, actor and client address. */
@Injectable()
export class ServiceCaller {
  constructor(private readonly rpc: RpcClient) {}

  call<T>(pattern: string, payload: unknown, request: AuthenticatedRequest): Promise<T> {
    return this.rpc.call<T>(pattern, payload, metaOf(request));
  }
}

export function metaOf(request: AuthenticatedRequest): RpcMeta {
  return {
    requestId: String(request.id),
    ...(request.user ? { actor: request.user } : {}),
    ip: request.ip,
    ...(request.headers['user-agent'] ? { userAgent: String(request.headers['user-agent']).slice(0, 500) } : {}),
  };
}
