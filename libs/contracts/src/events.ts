import { z } from 'zod';

/**
 * Domain events published through each service's transactional outbox onto JetStream.
 * Every event name is tied to the zod schema of its payload; publishers and consumers go through
 * the generic helpers in @avpass/platform, which validate against this map.
 * Frozen once deployed: a changed payload gets a new name with the next version suffix.
 */
export const EVENTS = {
  'partners.partner.deleted.v1': z.object({
    partnerId: z.string().uuid(),
    name: z.string(),
    deletedAt: z.string().datetime(),
  }),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;

/** What a consumer receives: the payload plus the envelope the outbox wrote. */
export interface DomainEvent<N extends EventName = EventName> {
  id: string;
  name: N;
  occurredAt: string;
  payload: EventPayload<N>;
}
