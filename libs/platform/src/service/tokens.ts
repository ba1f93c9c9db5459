export const SERVICE_OPTIONS = Symbol('SERVICE_OPTIONS');
export const EVENTS_NATS = Symbol('EVENTS_NATS');
export const REDIS = Symbol('REDIS');
