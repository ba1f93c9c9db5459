import type { RpcRequest } from '@avpass/contracts';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import type { Logger as PinoInstance } from 'pino';
import { tap, type Observable } from 'rxjs';

/** One JSON line per handled request, carrying the gateway's request id. */
@Injectable()
export class RpcLoggingInterceptor implements NestInterceptor {
  constructor(private readonly logger: PinoInstance) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const started = performance.now();
    const request = context.switchToRpc().getData<RpcRequest<unknown>>();
    const subject = context.switchToRpc().getContext<NatsContext>().getSubject();
    const fields = { requestId: request?.meta?.requestId, subject };
    // The success line is a debug line: nothing is built for it when debug is off (the hot path).
    const ok = this.logger.isLevelEnabled('debug')
      ? () => this.logger.debug({ ...fields, ms: Math.round(performance.now() - started) }, 'rpc ok')
      : undefined;
    return next.handle().pipe(
      tap({
        next: ok,
        error: (error: { code?: string }) =>
          this.logger.info(
            { ...fields, ms: Math.round(performance.now() - started), code: error?.code },
            'rpc refused',
          ),
      }),
    );
  }
}
