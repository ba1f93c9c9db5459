import {
  firstErrorMessage,
  isDomainErrorPayload,
  toFieldErrors,
  type DomainErrorPayload,
} from '@avpass/contracts';
import { Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { throwError, type Observable } from 'rxjs';
import { ZodError } from 'zod';
import {
  DependencyOutageLog,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableDependency,
} from '../health/dependency-outage';
import { DomainError } from './domain-error';

/**
 * The transport adapter for errors: everything leaving a service becomes a DomainErrorPayload;
 * unexpected errors are logged, not leaked.
 */
@Catch()
export class AllRpcExceptionsFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrors');
  private readonly outages = new DependencyOutageLog(this.logger);

  catch(exception: unknown): Observable<DomainErrorPayload> {
    return throwError(() => toPayload(exception, this.logger, this.outages));
  }
}

const DEPENDENCY_MESSAGES = {
  postgres: 'AV Pass cannot reach its database right now. Please try again in a moment.',
  redis: 'AV Pass cannot reach its cache right now. Please try again in a moment.',
  nats: 'AV Pass cannot reach one of its services right now. Please try again in a moment.',
} as const;

function toPayload(exception: unknown, logger: Logger, outages: DependencyOutageLog): DomainErrorPayload {
  if (exception instanceof DomainError) return exception.toPayload();
  if (exception instanceof ZodError) {
    return {
      code: 'VALIDATION_FAILED',
      message: firstErrorMessage(exception),
      errors: toFieldErrors(exception),
    };
  }
  if (exception instanceof RpcException) {
    const error = exception.getError();
    if (isDomainErrorPayload(error)) return error;
  }
  // Infrastructure that is restarting or cut is a 503 with Retry-After, logged once per outage.
  const dependency = unavailableDependency(exception);
  if (dependency) {
    outages.down(dependency, exception instanceof Error ? exception.message : undefined);
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: DEPENDENCY_MESSAGES[dependency],
      retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS,
    };
  }
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
}
