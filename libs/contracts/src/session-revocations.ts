import { z } from 'zod';

/**
 * Identity → every gateway: the sessions whose answers a gateway may have kept end now (decision 350).
 * A plain NATS message, not an event of the stream: it is published after the change commits and
 * before identity answers the request that made it, and a gateway that missed it (disconnected) forgets
 * every kept answer anyway. Names users (every session of each), sessions (hashed ids, Actor.sessionId)
 * or partners (every session of their staff).
 */
export const sessionRevocationsSubject = (namespace: string) =>
  `${namespace}.broadcast.identity.sessions-revoked.v1` as const;

const ids = z.array(z.string().min(1).max(128)).max(10_000).default([]);

export const sessionRevocationSchema = z.object({
  userIds: ids,
  sessionIds: ids,
  companyIds: ids,
});
export type SessionRevocation = z.infer<typeof sessionRevocationSchema>;
