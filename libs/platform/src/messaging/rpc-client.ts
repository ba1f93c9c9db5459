import { isDomainErrorPayload, type DomainErrorPayload, type RpcMeta } from '@avpass/contracts';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
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
 * refusal comes back as the DomainError it threw.
 */
export class RpcClient implements OnApplicationShutdown {
  private readonly logger = new Logger('RpcClient');
  private readonly client: NamespacedNatsClient;

  constructor(private readonly options: RpcClientOptions) {
    this.client = new NamespacedNatsClient(options.namespace, {
      servers: [options.natsUrl],
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  async call<TResult, TPayload = unknown>(
    pattern: string,
    payload: TPayload,
    meta: RpcMeta,
    timeoutMs = this.options.timeoutMs,
  ): Promise<TResult> {
    const service = pattern.split('.')[0] ?? pattern;
    try {
      return await firstValueFrom(
        this.client.send<TResult>(pattern, { meta, payload }).pipe(timeout(timeoutMs)),
      );
    } catch (error) {
      if (isDomainErrorPayload(error)) {
        const e = error as DomainErrorPayload;
        throw new DomainError(e.code, e.message, e.errors, e.retryAfter);
      }
      if (error instanceof TimeoutError) {
        this.logger.warn(`${pattern} timed out after ${timeoutMs} ms (request ${meta.requestId})`);
        throw unavailable(service);
      }
      if (error instanceof EmptyResponseException || isNoResponders(error)) throw unavailable(service);
      this.logger.error(`${pattern} failed: ${describe(error)} (request ${meta.requestId})`);
      throw new DomainError('INTERNAL', 'Something went wrong on our side. Please try again.');
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
  );
}

function isNoResponders(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '503' || /no responders/i.test(describe(error));
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
