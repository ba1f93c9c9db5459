import type { EventName } from '@avpass/contracts';

/** JetStream layout: one stream per namespace holding every domain event. */
export function eventStreamName(namespace: string): string {
  return `${namespace.replace(/[^a-zA-Z0-9_-]/g, '_').toUpperCase()}_EVENTS`;
}

export function eventSubject(namespace: string, name: EventName): string {
  return `${namespace}.events.${name}`;
}

export function eventSubjectsWildcard(namespace: string): string {
  return `${namespace}.events.>`;
}

/** Every event of one service (`vouchers`: the events whose names start `vouchers.`). */
export function serviceEventSubjects(namespace: string, service: string): string {
  return `${namespace}.events.${service}.>`;
}
