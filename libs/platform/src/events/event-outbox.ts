import { EVENTS, type EventName, type EventPayload } from '@avpass/contracts';
import type { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { OutboxEvent } from './outbox-event.entity';

/**
 * Records a domain event in the caller's unit of work, so it commits (or rolls back) with the change.
 * The payload is checked against the event's contract now, not when a consumer chokes on it.
 */
@Injectable()
export class EventOutbox {
  enqueueEvent<N extends EventName>(em: EntityManager, name: N, payload: EventPayload<N>): OutboxEvent {
    const event = em.create(OutboxEvent, {
      id: randomUUID(),
      name,
      payload: EVENTS[name].parse(payload),
      occurredAt: new Date(),
      publishedAt: null,
      attempts: 0,
      lastError: null,
    });
    em.persist(event);
    return event;
  }
}
