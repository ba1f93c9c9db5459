import { RPC, zipQueueName } from '@avpass/contracts';
import { effectIdOf } from '@avpass/platform';
import type { Redis } from 'ioredis';
import type { RenderingConfig } from '../config';

/**
 * ZIP jobs answered 503 never run (issue 22, defect 4).
 *
 * A Redis command that times out may still have been sent: with Redis frozen, the add lands once it
 * thaws and the job would run although its request was answered 503. So the job id is chosen before
 * the add, and a request that fails after sending the add marks that id abandoned (the mark goes out
 * on the same connection right after the add, so Redis applies it before any worker can take the
 * job). Before doing any work a worker claims the mark and drops the job (UnrecoverableError).
 *
 * With an `Idempotency-Key` the id is derived from the owner and the key, so a retry finds the job
 * that did get queued: it revives a job still abandoned (the worker will run it), or, when a worker
 * already dropped it, removes it and queues it again under the same id.
 *
 * The mark, one key per job id: `abandoned:<attempt>` (a request gave up), `revived:<attempt>` (a
 * retry took it back), `parked` (a worker dropped it). A late abandon by an earlier attempt never
 * overrides a later attempt's revive.
 */
export const ZIP_ABANDONED =
  'The ZIP request was answered 503 (Redis did not answer in time); it is not made';

const ABANDON = `
local current = redis.call('get', KEYS[1])
if current == 'parked' then return 0 end
if current and string.sub(current, 1, 8) == 'revived:' and current ~= 'revived:' .. ARGV[1] then return 0 end
redis.call('set', KEYS[1], 'abandoned:' .. ARGV[1], 'EX', ARGV[2])
return 1`;

const REVIVE = `
local current = redis.call('get', KEYS[1])
if not current then return 'live' end
if current == 'parked' then return 'parked' end
if string.sub(current, 1, 10) == 'abandoned:' then
  redis.call('set', KEYS[1], 'revived:' .. ARGV[1], 'EX', ARGV[2])
  return 'revived'
end
return 'live'`;

const CLAIM = `
local current = redis.call('get', KEYS[1])
if current == 'parked' then return 1 end
if current and string.sub(current, 1, 10) == 'abandoned:' then
  redis.call('set', KEYS[1], 'parked', 'EX', ARGV[1])
  return 1
end
return 0`;

type Config = Pick<RenderingConfig, 'NATS_NAMESPACE' | 'JOB_FILE_TTL_HOURS'>;

function markKey(config: Config, jobId: string): string {
  return `bull:${zipQueueName(config.NATS_NAMESPACE)}:abandoned:${jobId}`;
}

function ttlSeconds(config: Config): number {
  return Math.max(60, Math.round(config.JOB_FILE_TTL_HOURS * 3600));
}

const ZIP_JOB_ID_NAMESPACE = 'avpass-zip';

/**
 * The job id of the owner's ZIP request with this Idempotency-Key: the key's effect id (platform's
 * idempotency API), so that the same key of another user is another job. Derived in the namespace ZIP
 * ids always had, so a job queued before the API existed is found by its retry.
 */
export function zipJobIdFor(ownerUserId: string, idempotencyKey: string): string {
  const scope = { actorId: ownerUserId, operation: RPC.rendering.createZipJob, key: idempotencyKey };
  return effectIdOf(scope, ZIP_JOB_ID_NAMESPACE);
}

/**
 * The worker's check before any work: true when the job (or, for a chunk, its parent) was abandoned;
 * it is then parked for good (a retry with its key queues it again).
 */
export async function claimAbandoned(connection: Redis, config: Config, jobId: string): Promise<boolean> {
  return (await connection.eval(CLAIM, 1, markKey(config, jobId), ttlSeconds(config))) === 1;
}

/** The producer's side of the mark (the API's fail-fast connection). */
export class ZipAbandonment {
  constructor(
    private readonly connection: Redis,
    private readonly config: Config,
    private readonly retryEveryMs = 1000,
    private readonly retryForMs = 30_000,
  ) {}

  /**
   * Marks the job abandoned by this attempt. Sent at once (it follows the add on the connection);
   * when that fails it is sent again until Redis answers, for a while, in the background.
   */
  abandon(jobId: string, attempt: string): Promise<void> {
    const deadline = Date.now() + this.retryForMs;
    const send = async (): Promise<void> => {
      try {
        await this.connection.eval(ABANDON, 1, markKey(this.config, jobId), attempt, ttlSeconds(this.config));
      } catch {
        if (Date.now() > deadline) return;
        await new Promise((resolve) => setTimeout(resolve, this.retryEveryMs).unref());
        return send();
      }
    };
    return send();
  }

  /** A retry's look at the mark: `revived` (it was abandoned, now it runs), `parked` or `live`. */
  async revive(jobId: string, attempt: string): Promise<'revived' | 'parked' | 'live'> {
    return (await this.connection.eval(
      REVIVE,
      1,
      markKey(this.config, jobId),
      attempt,
      ttlSeconds(this.config),
    )) as 'revived' | 'parked' | 'live';
  }

  /** Before queueing the id (again): no mark of an earlier attempt applies to it. */
  async clear(jobId: string): Promise<void> {
    await this.connection.del(markKey(this.config, jobId));
  }
}
