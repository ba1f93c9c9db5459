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
}
