import { MikroORM, RequestContext, TransactionContext, type EntityManager } from '@mikro-orm/core';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { AsyncLocalStorage } from 'node:async_hooks';
import { Observable } from 'rxjs';

/**
 * A request context's forks, each made when first asked for: a request that never reads through its
 * context (the redeem: a raw statement, no identity map) pays no fork, which is most of the cost of
 * opening a context (issue 28's profile). Anything that asks (`em.fork()`, `em.find()` on the global
 * EntityManager) gets the request's own fork, as before.
 */
class LazyForks extends Map<string, EntityManager> {
  /** While the fork is made: what it asks of the context then finds none (as before one existed). */
  private forking = false;

  constructor(private readonly root: EntityManager) {
    super();
  }

  override get(name: string): EntityManager | undefined {
    if (name === this.root.name && !this.forking && !super.has(name)) {
      this.forking = true;
      try {
        // disableContextResolution: a fork of the root, not of the context being asked (this one).
        super.set(name, this.root.fork({ useContext: true, disableContextResolution: true }));
      } finally {
        this.forking = false;
      }
    }
    return super.get(name);
  }

  /** Whether the fork named `name` was made (asked for) already; never makes it. */
  made(name: string): boolean {
    return super.has(name);
  }
}

/** MikroORM's own store of request contexts (RequestContext.create runs in it; private in its types). */
const contexts = (RequestContext as unknown as { storage?: AsyncLocalStorage<RequestContext> }).storage;

/**
 * `em.getTransactionContext()`, without making the request context's fork just to ask it: a fork not
 * made yet has no transaction (one made now would answer undefined too). MikroORM's own getter resolves
 * the context's EntityManager, which made a fork on every redeem (issue 40's profile: its fork and
 * the garbage after it), though the redeem's statement never reads through it.
 */
export function transactionContextOf(em: EntityManager): unknown {
  if (em.global && !TransactionContext.getEntityManager(em.name)) {
    const forks = contexts?.getStore()?.map;
    if (forks instanceof LazyForks && !forks.made(em.name)) return undefined;
  }
  return em.getTransactionContext();
}

/** Gives every NATS request its own identity map (MikroORM's request context). */
@Injectable()
export class OrmRequestContextInterceptor implements NestInterceptor {
  constructor(private readonly orm: MikroORM) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return new Observable((subscriber) => {
      const run = () => {
        next.handle().subscribe(subscriber);
      };
      // Should a MikroORM upgrade move its store, the usual (eager) context still isolates requests.
      if (contexts) contexts.run(new RequestContext(new LazyForks(this.orm.em as EntityManager)), run);
      else RequestContext.create(this.orm.em, run);
    });
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
