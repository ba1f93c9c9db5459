import { zipQueueName } from '@avpass/contracts';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

export const QUEUE_BOARD_PATH = '/admin/queues';
export const QUEUE_BOARD_COOKIE = 'avpass_queue_board';
/** The board's cookie lives 10 minutes; open the board again from the app for a new one. */
export const QUEUE_BOARD_SESSION_SECONDS = 600;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** True for the board's own paths: /admin/queues and below (not the SPA's /admin pages). */
export function isQueueBoardPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === QUEUE_BOARD_PATH || path.startsWith(`${QUEUE_BOARD_PATH}/`);
}

/**
 * Bull Board for super administrators. A page opened by navigation carries no bearer token, so an
 * authenticated call (POST /api/queues/session) issues a short-lived, HttpOnly, SameSite=Strict
 * cookie scoped to the board's path; its random token is kept in Redis with the user id.
 */
@Injectable()
export class QueueBoard implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly queues: Queue[];

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
    this.redis.on('error', () => undefined); // each failed command reports itself (503)
    this.queues = [new Queue(zipQueueName(config.NATS_NAMESPACE), { connection: this.redis })];
    for (const queue of this.queues) queue.on('error', () => undefined);
  }

  private key(token: string): string {
    return `${this.config.NATS_NAMESPACE}:queue-board:session:${token}`;
  }

  async createSession(userId: string, secure: boolean): Promise<{ cookie: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(token), userId, 'EX', QUEUE_BOARD_SESSION_SECONDS);
    const expiresAt = new Date(Date.now() + QUEUE_BOARD_SESSION_SECONDS * 1000);
    const cookie = [
      `${QUEUE_BOARD_COOKIE}=${token}`,
      `Path=${QUEUE_BOARD_PATH}`,
      `Max-Age=${QUEUE_BOARD_SESSION_SECONDS}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
    return { cookie, expiresAt };
  }

  /** The user id behind the request's board cookie, or null. */
  async sessionUser(request: FastifyRequest): Promise<string | null> {
    const token = cookieValue(request.headers.cookie, QUEUE_BOARD_COOKIE);
    if (!token || !TOKEN.test(token)) return null;
    return this.redis.get(this.key(token));
  }

  /** Mounts the board at /admin/queues behind the cookie check. Call before the app listens. */
  async mount(app: NestFastifyApplication): Promise<void> {
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: this.queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: false })),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'AV Pass queues' } },
    });
    const fastify = app.getHttpAdapter().getInstance();
    fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isQueueBoardPath(request.url)) return;
      if (!(await this.sessionUser(request))) {
        await reply
          .status(401)
          .type('application/json; charset=utf-8')
          .header('cache-control', 'no-store')
          .send({
            message: 'Open the queue board from the app as a super administrator.',
            requestId: request.id,
          });
      }
    });
    await app.register(serverAdapter.registerPlugin() as never, { prefix: QUEUE_BOARD_PATH });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
    this.redis.disconnect();
  }
}
