import pino, { type Logger as PinoInstance } from 'pino';

/** JSON logs on stdout, one object a line, with the app's name on every line. */
export function createPinoLogger(app: string, level: string): PinoInstance {
  return pino({ level, base: { app }, timestamp: pino.stdTimeFunctions.isoTime });
}
