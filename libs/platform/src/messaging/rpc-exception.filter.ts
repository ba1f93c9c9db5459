import { firstErrorMessage, toFieldErrors, type DomainErrorPayload } from '@avpass/contracts';
import { Catch, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { throwError, type Observable } from 'rxjs';
import { ZodError } from 'zod';
import { DomainError } from './domain-error';

/** Every error leaving a service becomes a DomainErrorPayload; unexpected ones are logged, not leaked. */
@Catch()
export class AllRpcExceptionsFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrors');

  catch(exception: unknown): Observable<DomainErrorPayload> {
    return throwError(() => toPayload(exception, this.logger));
  }
}

function toPayload(exception: unknown, logger: Logger): DomainErrorPayload {
  if (exception instanceof DomainError) return exception.getError() as DomainErrorPayload;
  if (exception instanceof ZodError) {
    return {
      code: 'VALIDATION_FAILED',
      message: firstErrorMessage(exception),
      errors: toFieldErrors(exception),
    };
  }
  if (exception instanceof RpcException) {
    const error = exception.getError();
    if (typeof error === 'object' && error && 'code' in error) return error as DomainErrorPayload;
  }
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' };
}
