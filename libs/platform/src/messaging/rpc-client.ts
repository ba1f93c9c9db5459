import {
  isDomainErrorPayload,
  type RpcMeta,
  type RpcRequestInput,
  type RpcResponse,
  type RpcSubject,
} from '@avpass/contracts';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { DependencyOutageLog, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../health/dependency-outage';
import { rpcCallsTotal, rpcDurationSeconds, type RpcOutcome } from '../observability/metrics';
import { DomainError } from './domain-error';
import { NamespacedNatsClient } from './namespaced-nats';

export interface RpcClientOptions {
  natsUrl: string;
  namespace: string;
  timeoutMs: number;
  name: string;
}

/**
 * Request-reply over NATS with a deadline. A service that is down (no responders) or does not answer
 * in time becomes SERVICE_UNAVAILABLE, which the gateway turns into a 503, never a hang; a service's
 * refusal comes back as the DomainError it threw (rebuilt from the DomainErrorPayload on the wire).
 */
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger('RpcClient');
  private readonly outages = new DependencyOutageLog(this.logger);
  private readonly client: NamespacedNatsClient;

  constructor(private readonly options: RpcClientOptions) {
    this.client = new NamespacedNatsClient(options.namespace, {
      servers: [options.natsUrl],
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      // No stack captured per request (see connectNats): the caller's request id is logged instead.
      noAsyncTraces: true,
    });
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  /**
   * Calls `subject` (a key of RPC_CONTRACTS) with a payload of its request type; answers with its
   * response type. The service validates the payload against the same contract.
   */
  async call<S extends RpcSubject>(
    subject: S,
    payload: RpcRequestInput<S>,
    meta: RpcMeta,
    timeoutMs = this.options.timeoutMs,
  ): Promise<RpcResponse<S>> {
    const pattern: string = subject;
    const service = pattern.split('.')[0] ?? pattern;
    const started = performance.now();
    let outcome: RpcOutcome = 'error';
    try {
      const result = await firstValueFrom(
        this.client.send<RpcResponse<S>>(pattern, { meta, payload }).pipe(timeout(timeoutMs)),
      );
      this.outages.up('nats');
      outcome = 'ok';
      return result;
    } catch (error) {
      // A refusal (a DomainError the service threw) is an answer: the call itself went fine; a
      // service failing on its side (INTERNAL, its own dependency away) is an error.
      if (isDomainErrorPayload(error)) {
        if (error.code !== 'INTERNAL' && error.code !== 'SERVICE_UNAVAILABLE') outcome = 'ok';
        throw DomainError.fromPayload(error);
      }
      if (error instanceof TimeoutError) {
        outcome = 'timeout';
        this.logger.warn(`${pattern} timed out after ${timeoutMs} ms (request ${meta.requestId})`);
        throw unavailable(service);
      }
      if (error instanceof EmptyResponseException || isNoResponders(error)) throw unavailable(service);
      // NATS itself unreachable or reconnecting: an outage (503, logged once), not a bug.
      if (isNatsConnectionError(error)) {
        this.outages.down('nats', describe(error));
        throw unavailable(service);
      }
      this.logger.error(`${pattern} failed: ${describe(error)} (request ${meta.requestId})`);
      throw new DomainError('INTERNAL', 'Something went wrong on our side. Please try again.');
    } finally {
      rpcCallsTotal.inc({ subject: pattern, outcome });
      rpcDurationSeconds.observe({ subject: pattern }, (performance.now() - started) / 1000);
    }
  }

  /** A round trip to the NATS server (for health checks). */
  async ping(): Promise<void> {
    await this.client.unwrap<import('nats').NatsConnection>().flush();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

function unavailable(service: string): DomainError {
  return new DomainError(
    'SERVICE_UNAVAILABLE',
    `The ${service} service is not responding right now. Please try again in a moment.`,
    undefined,
    UNAVAILABLE_RETRY_AFTER_SECONDS,
  );
}

function isNoResponders(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '503' || /no responders/i.test(describe(error));
}

/** nats.js connection errors (codes such as CONNECTION_CLOSED, DISCONNECT) and socket errors. */
function isNatsConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (
    typeof code === 'string' &&
    /CONNECTION|DISCONNECT|RECONNECT|DRAINING|TIMEOUT|ECONN|EPIPE|ETIMEDOUT/i.test(code)
  )
    return true;
  return /connection (lost|closed|refused|draining)|disconnect|reconnect|ECONNREFUSED|ECONNRESET/i.test(
    describe(error),
  );
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
