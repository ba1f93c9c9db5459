import type { Actor } from './roles';

/** Envelope of every gateway -> service request. */
export interface RpcRequest<T> {
  meta: RpcMeta;
  payload: T;
}

export interface RpcMeta {
  requestId: string;
  actor?: Actor;
  ip?: string;
  userAgent?: string;
}
