/** The service's notion of "now", injectable so tests can stand a pass's step or a key's rotation where they need. */
export const CLOCK = Symbol('CLOCK');
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
