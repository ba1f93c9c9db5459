import type { LoggerService } from '@nestjs/common';
import type { Logger as PinoInstance } from 'pino';

/** Routes Nest's own logger (context + message) into pino JSON. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly pino: PinoInstance) {}

  log(message: unknown, context?: string): void {
    this.pino.info({ context }, stringify(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.pino.error({ context, trace }, stringify(message));
  }
  warn(message: unknown, context?: string): void {
    this.pino.warn({ context }, stringify(message));
  }
  debug(message: unknown, context?: string): void {
    this.pino.debug({ context }, stringify(message));
  }
  verbose(message: unknown, context?: string): void {
    this.pino.trace({ context }, stringify(message));
  }
}

function stringify(message: unknown): string {
  return typeof message === 'string' ? message : JSON.stringify(message);
}
