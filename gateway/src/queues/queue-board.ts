import { RPC, walletQueueName, zipQueueName, type Actor } from '@avpass/contracts';
import {
  DependencyOutageLog,
  DomainError,
  RpcClient,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableDependency,
} from '@avpass/platform';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { HTTP_STATUS_BY_CODE } from '../http/error-mapping';

export const QUEUE_BOARD_PATH = '/admin/queues';
export const QUEUE_BOARD_COOKIE = 'avpass_queue_board';
/** The board's cookie lives 10 minutes; open the board again from the app for a new one. */
export const QUEUE_BOARD_SESSION_SECONDS = 600;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a board cookie stands for: the app session that opened it (decision 159). */
const boardSessionSchema = z.object({ userId: z.string(), sessionId: z.string() });
type BoardSession = z.infer<typeof boardSessionSchema>;

/** Why a board request is refused: no session (401) or not a super administrator (403). */
const NO_SESSION = 'Open the queue board from the app as a super administrator.';
const ENDED = 'Your session has ended. Sign in and open the queue board from the app again.';
const NOT_ADMIN = 'Only a super administrator may use the queue board.';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** What every 503 of the platform says (the exception filter's words). */
const UNAVAILABLE_MESSAGE = 'AV Pass is temporarily unavailable. Please try again in a moment.';
/** A board command's deadline: Redis that accepts the connection but does not answer (frozen). */
const BOARD_COMMAND_TIMEOUT_MS = 2000;

/**
 * Bull Board for super administrators. A page opened by navigation carries no bearer token, so an
 * authenticated call (POST /api/queues/session) issues a short-lived, HttpOnly, SameSite=Strict
 * cookie scoped to the board's path; its random token is kept in Redis with the user id.
 *
 * The session check is a hook of the board's own routes (an encapsulated plugin around Bull
 * Board's), never a test of the request's URL: whatever spelling of the path reached a board route,
 * the route does not run without a valid session.
 *
 * A board cookie is tied to the app session that opened it: every board request asks the identity
 * service for that session's actor as it is now, so the board closes with the session (sign-out, idle,
 * deactivation) and refuses anyone no longer a super administrator. A password change ends the user's
 * board sessions outright (endSessionsOf), the session that made the change included (decision 159).
 */
@Injectable()
export class QueueBoard implements OnApplicationShutdown {
  private readonly logger = new Logger('QueueBoard');
  private readonly outages = new DependencyOutageLog(this.logger);
  private readonly redis: Redis;
  private readonly queues: Queue[];
  private rpc: RpcClient | null = null;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    // Fails fast while Redis is away (no offline queue, nothing resent after a reconnect, a command
    // deadline): the board and its session call answer 503 at once instead of waiting for Redis.
    // A Queue only adds, reads and changes jobs (no blocking commands): unlike a Worker it does not
    // need a connection that retries forever (maxRetriesPerRequest: null).
    this.redis = new Redis(config.REDIS_URL, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      commandTimeout: BOARD_COMMAND_TIMEOUT_MS,
      connectTimeout: 3000,
    });
    this.redis.on('error', () => undefined); // each failed command reports itself (503)
    this.redis.on('ready', () => this.outages.up('redis'));
    this.queues = [zipQueueName, walletQueueName].map(
      (name) => new Queue(name(config.NATS_NAMESPACE), { connection: this.redis }),
    );
    for (const queue of this.queues) queue.on('error', () => undefined);
  }

  private key(token: string): string {
    return `${this.config.NATS_NAMESPACE}:queue-board:session:${token}`;
  }

  /** The board tokens a user opened (so they can all be ended). */
  private userKey(userId: string): string {
    return `${this.config.NATS_NAMESPACE}:queue-board:user:${userId}`;
  }

  async createSession(actor: Actor, secure: boolean): Promise<{ cookie: string; expiresAt: Date }> {
    if (!actor.sessionId) throw new DomainError('UNAUTHENTICATED', NO_SESSION);
    const token = randomBytes(32).toString('base64url');
    const session: BoardSession = { userId: actor.userId, sessionId: actor.sessionId };
    await this.redis
      .multi()
      .set(this.key(token), JSON.stringify(session), 'EX', QUEUE_BOARD_SESSION_SECONDS)
      .sadd(this.userKey(actor.userId), token)
      .expire(this.userKey(actor.userId), QUEUE_BOARD_SESSION_SECONDS)
      .exec();
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

  /** The app session behind the request's board cookie, or null. */
  async sessionOf(request: FastifyRequest): Promise<BoardSession | null> {
    const token = cookieValue(request.headers.cookie, QUEUE_BOARD_COOKIE);
    if (!token || !TOKEN.test(token)) return null;
    const raw = await this.redis.get(this.key(token));
    if (!raw) return null;
    try {
      const session = boardSessionSchema.safeParse(JSON.parse(raw));
      return session.success ? session.data : null;
    } catch {
      return null;
    }
  }

  /** Ends every board session the user opened (a password change; a sign-out ends them anyway). */
  async endSessionsOf(userId: string): Promise<void> {
    const tokens = await this.redis.smembers(this.userKey(userId));
    await this.redis.del(this.userKey(userId), ...tokens.map((token) => this.key(token)));
  }

  /** Null when the board request's session is live and a super administrator's; else why not. */
  private async boardActor(request: FastifyRequest): Promise<{ status: number; message: string } | null> {
    const session = await this.sessionOf(request);
    if (!session) return { status: 401, message: NO_SESSION };
    if (!this.rpc) throw new Error('the queue board is not mounted');
    let actor: Actor | null;
    try {
      actor = await this.rpc.call(
        RPC.identity.sessionActor,
        { sessionId: session.sessionId },
        { requestId: String(request.id) },
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { status: HTTP_STATUS_BY_CODE[error.code], message: error.message };
    }
    if (!actor || actor.userId !== session.userId) return { status: 401, message: ENDED };
    if (actor.role !== 'super_admin') return { status: 403, message: NOT_ADMIN };
    return null;
  }

  /** Mounts the board at /admin/queues behind the session hook. Call before the app listens. */
  async mount(app: NestFastifyApplication): Promise<void> {
    // The gateway module's client (this module is imported by it, so it cannot inject it).
    this.rpc = app.get(RpcClient);
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: this.queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: false })),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'AV Pass queues' } },
    });
    // Bull Board answers a failed handler 500; Redis going away mid-request is an outage (503).
    serverAdapter.setErrorHandler((error: Error & { statusCode?: number }) => {
      if (unavailableDependency(error)) {
        this.outages.down('redis', error.message);
        return { status: 503 as never, body: { message: UNAVAILABLE_MESSAGE } };
      }
      return {
        status: (error.statusCode ?? 500) as never,
        body: { error: { key: 'ERRORS.INTERNAL_SERVER_ERROR' }, message: error.message },
      };
    });
    const boardPlugin = serverAdapter.registerPlugin();
    // Hooks added in this plugin apply to every route Bull Board registers inside it (and to none
    // elsewhere): its pages, static files and every API call, reading or changing.
    const guarded = async (board: FastifyInstance) => {
      board.addHook('onRequest', (request, reply) => this.requireSession(request, reply));
      board.addHook('onSend', async (_request, reply, payload) => {
        if (reply.statusCode === 503 && !reply.hasHeader('retry-after'))
          void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        return payload;
      });
      await board.register(boardPlugin);
    };
    await app.register(guarded as never, { prefix: QUEUE_BOARD_PATH });
  }

  /**
   * The board's onRequest hook: 401 without a live session, 403 for anyone but a super administrator,
   * 503 while Redis or the identity service is away.
   */
  private async requireSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    let refusal: { status: number; message: string } | null;
    try {
      refusal = await this.boardActor(request);
    } catch (error) {
      if (!unavailableDependency(error)) throw error;
      this.outages.down('redis', error instanceof Error ? error.message : undefined);
      await reply
        .status(503)
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ message: UNAVAILABLE_MESSAGE, requestId: request.id });
      return;
    }
    if (!refusal) return;
    if (refusal.status >= 500) void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    await reply
      .status(refusal.status)
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send({ message: refusal.message, requestId: request.id });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
    this.redis.disconnect();
  }
}
