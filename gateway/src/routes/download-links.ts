import { actorSchema, type Actor } from '@avpass/contracts';
import { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { GatewayConfig } from '../config';

/** A download link works this long after it was made (a browser starts the download at once). */
export const DOWNLOAD_LINK_SECONDS = 300;
/** After that it answers "expired" (410) for this long, then "not valid" (404). */
const EXPIRED_MEMORY_SECONDS = 3600;
/** 32 random bytes, base64url: the only shape a link's token has. */
export const DOWNLOAD_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Where a link is kept: a hash of its token (whoever reads Redis learns no working link). */
export function downloadLinkKey(namespace: string, token: string): string {
  return `${namespace}:zip-download:${createHash('sha256').update(token).digest('base64url')}`;
}

const linkSchema = z.object({ jobId: z.string().uuid(), actor: actorSchema, expiresAt: z.number() });
export type DownloadLink = z.infer<typeof linkSchema>;

/**
 * Short-lived, single-purpose download links for finished ZIPs (as the queue board's cookie): a
 * random token kept in Redis with the job it opens and its owner, whose session (actor.sessionId) must
 * still be live when it is used; the file is then asked for as that owner (so rendering checks the
 * owner again). Only a hash of the token is stored.
 */
export class DownloadLinks {
  private readonly redis: Redis;

  constructor(private readonly config: GatewayConfig) {
    // Fails fast while Redis is away (as the queue board's): the call answers 503 at once.
    this.redis = new Redis(config.REDIS_URL, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      commandTimeout: 2000,
      connectTimeout: 3000,
    });
    this.redis.on('error', () => undefined); // each failed command reports itself (503)
  }

  private key(token: string): string {
    return downloadLinkKey(this.config.NATS_NAMESPACE, token);
  }

  async create(jobId: string, actor: Actor): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + DOWNLOAD_LINK_SECONDS * 1000);
    const link: DownloadLink = { jobId, actor, expiresAt: expiresAt.getTime() };
    await this.redis.set(
      this.key(token),
      JSON.stringify(link),
      'EX',
      DOWNLOAD_LINK_SECONDS + EXPIRED_MEMORY_SECONDS,
    );
    return { token, expiresAt };
  }

  /** The link behind a well-formed token: 'unknown' (never made, or long gone) or 'expired'. */
  async find(token: string): Promise<DownloadLink | 'unknown' | 'expired'> {
    const raw = await this.redis.get(this.key(token));
    if (!raw) return 'unknown';
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return 'unknown';
    }
    const link = linkSchema.safeParse(parsed);
    if (!link.success) return 'unknown';
    return link.data.expiresAt <= Date.now() ? 'expired' : link.data;
  }

  close(): void {
    this.redis.disconnect();
  }
}
