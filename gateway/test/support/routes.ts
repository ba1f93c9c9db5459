import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The route pattern as Fastify registered it (`/api/vendors/:id`, `/admin/queues/*`). */
  path: string;
}

/**
 * Every route the gateway's Fastify instance registered (the Nest controllers, the queue board, the
 * static files), read from Fastify's own route tree (`printRoutes({ commonPrefix: false })`): each
 * line is a node whose label extends its parent's path, four characters of indentation per level.
 */
export function registeredRoutes(gateway: INestApplication): RegisteredRoute[] {
  const fastify = gateway.getHttpAdapter().getInstance() as FastifyInstance;
  const tree = fastify.printRoutes({ commonPrefix: false });
  const parents: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const node = /^(.*?)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/u.exec(line);
    if (!node) continue;
    const depth = [...node[1]!].length / 4;
    const label = node[2]!;
    const path = (depth === 0 ? '' : parents[depth - 1]!) + label;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (node[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push({ method, path: path.startsWith('/') ? path : `/${path}` });
    }
  }
  return routes;
}

/** The routes whose method carries a body (POST, PUT, PATCH, DELETE). */
export function bodyRoutes(gateway: INestApplication): RegisteredRoute[] {
  return registeredRoutes(gateway).filter((route) =>
    ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
  );
}

/** A concrete URL for a route pattern: each `:param` an id that names nothing, `*` one segment. */
export function concretePath(pattern: string, id = '00000000-0000-4000-8000-000000000000'): string {
  return pattern.replace(/:[A-Za-z_]\w*/g, id).replace(/\*/g, 'x');
}
