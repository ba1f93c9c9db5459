import { createInbox, headers, type Msg, type NatsConnection, type Subscription } from 'nats';

/** One message of a batch: its subject, its bytes and the id JetStream dedupes it by (Nats-Msg-Id). */
export interface BatchMessage {
  subject: string;
  data: Uint8Array;
  msgId: string;
}

const decoder = new TextDecoder();

/**
 * Publishes a batch of messages to JetStream back to back (one socket write) and awaits every ack
 * through ONE reply subscription kept for the relay's life and ONE timer for the batch, where
 * `js.publish` takes a request, a timer and a promise chain of its own per message (decision 302).
 * The guarantees are js.publish's: a message counts as published only when its own ack came back
 * naming the stream (a duplicate included), in the order sent on one connection; anything else
 * (an error ack, no responders, no ack in time) is that message's error and it is sent again later.
 */
export class JetStreamBatchPublisher {
  private subscription: Subscription | null = null;
  private prefix = '';
  private next = 0;
  /** Each message awaiting its ack, by its reply token: settles it once (a second call is a no-op). */
  private readonly pending = new Map<number, (error: Error | null) => void>();

  constructor(private readonly nc: NatsConnection) {}

  /** Each message's outcome, in order: null when JetStream stored it (or had it already), else why not. */
  async publishAll(messages: readonly BatchMessage[], timeoutMs: number): Promise<(Error | null)[]> {
    const outcomes: (Error | null)[] = messages.map(() => new Error('not sent'));
    if (!messages.length) return outcomes;
    this.subscribe();
    const tokens: number[] = [];
    let left = messages.length;
    let allSettled!: () => void;
    const settled = new Promise<void>((resolve) => (allSettled = resolve));
    const timer = setTimeout(() => {
      for (const token of tokens) this.pending.get(token)?.(new Error('TIMEOUT: no ack from JetStream'));
    }, timeoutMs);
    try {
      messages.forEach((message, i) => {
        const token = this.next++;
        this.pending.set(token, (error) => {
          this.pending.delete(token);
          outcomes[i] = error;
          if (--left === 0) allSettled();
        });
        tokens.push(token);
        const h = headers();
        h.set('Nats-Msg-Id', message.msgId);
        this.nc.publish(message.subject, message.data, { reply: `${this.prefix}.${token}`, headers: h });
      });
      await settled;
    } finally {
      // A publish that threw (the connection closed): the messages not acked stay unpublished.
      clearTimeout(timer);
      for (const token of tokens) this.pending.delete(token);
    }
    return outcomes;
  }

  /** Stops listening for acks; a batch still waiting ends by its timer. */
  close(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
  }

  private subscribe(): void {
    if (this.subscription && !this.subscription.isClosed()) return;
    this.prefix = createInbox();
    this.subscription = this.nc.subscribe(`${this.prefix}.*`, {
      callback: (error, msg) => {
        if (!error) this.acked(msg);
      },
    });
  }

  private acked(msg: Msg): void {
    const settle = this.pending.get(Number(msg.subject.slice(this.prefix.length + 1)));
    if (!settle) return; // an ack after its batch gave up on it: the row is published again (deduped)
    // No stream listens on the subject (the server's 503 status), or another status.
    if (msg.headers?.hasError) {
      settle(
        new Error(
          msg.headers.code === 503 ? 'no responders' : `${msg.headers.code} ${msg.headers.description}`,
        ),
      );
      return;
    }
    try {
      const ack = JSON.parse(decoder.decode(msg.data)) as {
        stream?: string;
        error?: { code?: number; description?: string };
      };
      if (ack.error) settle(new Error(`${ack.error.description ?? 'error'} (${ack.error.code ?? '?'})`));
      else settle(ack.stream ? null : new Error('an ack without its stream'));
    } catch {
      settle(new Error('an ack that is not JSON'));
    }
  }
}
