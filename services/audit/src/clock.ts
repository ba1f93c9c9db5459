/** The service's notion of "now", injectable so tests can stand at 23:59:59.999 business time. */
export const CLOCK = Symbol('CLOCK');
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
