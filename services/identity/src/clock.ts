/** The service's notion of "now", injectable so tests can step through sign-in delays without sleeping. */
export const CLOCK = Symbol('CLOCK');
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
