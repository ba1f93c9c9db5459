/** The service's notion of "now", injectable so tests can stand at 23:59 or 00:01 business time. */
export const CLOCK = Symbol('CLOCK');
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
