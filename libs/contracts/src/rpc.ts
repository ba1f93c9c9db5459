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
  /**
   * Sign-in calls only: the device cookies the gateway verified (signature and age) on this request,
   * one per user who signed in on this browser before (identity's sign-in throttle trusts them).
   */
  devices?: TrustedDevice[];
}

/** A browser on which `userId` signed in successfully before, known by its random `deviceId`. */
export interface TrustedDevice {
  userId: string;
  deviceId: string;
}
