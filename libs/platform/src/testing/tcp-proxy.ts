import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 that a test can cut and restore, e.g. to make NATS unreachable for a
 * service's event relay (EVENTS_NATS_URL) while the rest of the service keeps running.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private frozen = false;
  private droppingReplies = false;
  private freezeOn: ((chunk: Buffer) => boolean) | undefined;
  /** Per connection direction: writes what was held while frozen. */
  private readonly held = new Set<() => void>();
  /** The listening port (a free one, chosen by start()). */
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts listening and returns the port. */
  async start(): Promise<number> {
    const server = this.listen();
    await new Promise<void>((resolve, reject) => {
      if (server.listening) return resolve();
      server.once('error', reject).once('listening', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  /**
   * Drops every open connection and stops listening, so new connections are refused (as if the
   * target were down) until restore(). Takes effect immediately.
   */
  cut(): void {
    this.server?.close();
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Listens again on the same port; takes effect immediately. */
  restore(): void {
    this.listen();
  }

  /**
   * Stops forwarding without closing anything, like a target stopped with `kill -STOP`: connections
   * stay open (new ones are accepted) and what either side sends is held until thaw().
   */
  freeze(): void {
    this.frozen = true;
  }

  /**
   * Freezes (as freeze()) just before forwarding the first chunk sent to the target that matches,
   * e.g. a command's name: that command is held, like one sent to a target that stopped meanwhile.
   */
  freezeWhen(matches: (chunk: Buffer) => boolean): void {
    this.freezeOn = matches;
  }

  /**
   * A lost answer: requests still reach the target (which acts on them), but the first bytes it sends
   * back close the caller's connection instead of reaching it, so the caller sees the connection drop
   * after its request was carried out. Until keepReplies().
   */
  dropReplies(): void {
    this.droppingReplies = true;
  }

  /** Forwards the target's answers again. */
  keepReplies(): void {
    this.droppingReplies = false;
  }

  /** Forwards what was held during freeze(), in order, and forwards again. */
  thaw(): void {
    this.frozen = false;
    this.freezeOn = undefined;
    for (const flush of [...this.held]) flush();
    this.held.clear();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.cut();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private listen(): Server {
    if (this.server) return this.server;
    const server = createServer((client) => this.forward(client));
    server.listen(this.port, '127.0.0.1');
    this.server = server;
    return server;
  }

  private forward(client: Socket): void {
    const upstream = createConnection({ host: this.targetHost, port: this.targetPort });
    this.sockets.add(client);
    this.sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    this.relay(client, upstream, true);
    this.relay(upstream, client, false);
  }

  /** Like from.pipe(to), but holds the data while frozen. */
  private relay(from: Socket, to: Socket, toTarget: boolean): void {
    const queue: Buffer[] = [];
    const flush = () => {
      for (const chunk of queue.splice(0)) if (!to.destroyed) to.write(chunk);
    };
    from.on('data', (chunk: Buffer) => {
      if (!toTarget && this.droppingReplies) {
        from.destroy();
        to.destroy();
        return;
      }
      if (toTarget && this.freezeOn?.(chunk)) {
        this.freezeOn = undefined;
        this.frozen = true;
      }
      if (this.frozen) {
        queue.push(chunk);
        this.held.add(flush);
      } else if (!to.destroyed) to.write(chunk);
    });
  }
}
