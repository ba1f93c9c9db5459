import { MikroORM, RequestContext } from '@mikro-orm/core';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';

/** Gives every NATS request its own identity map (MikroORM's request context). */
@Injectable()
export class OrmRequestContextInterceptor implements NestInterceptor {
  constructor(private readonly orm: MikroORM) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return new Observable((subscriber) =>
      RequestContext.create(this.orm.em, () => {
        next.handle().subscribe(subscriber);
      }),
    );
  }

  /**
   * This interceptor with `inner` run inside it, as ONE interceptor: Nest wraps every interceptor of a
   * request in its own deferred, async-bound layer, a cost each NATS request pays (the redeem's profile).
   */
  around(inner: {
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown>;
  }): NestInterceptor {
    return {
      intercept: (context, next) => this.intercept(context, { handle: () => inner.intercept(context, next) }),
    };
  }
}
