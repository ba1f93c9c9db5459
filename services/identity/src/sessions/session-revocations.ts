import { sessionRevocationsSubject, type SessionRevocation } from '@avpass/contracts';
import { AfterCommit, connectNats, type Tx } from '@avpass/platform';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

/**
 * Tells every gateway which sessions' kept answers end (decision 350): queued on the change's
 * transaction and published once it committed, then flushed (the NATS server has it, so it reaches a
 * gateway before any request sent after this one's answer), all before identity answers the request.
 * Sign-out names its session; a change to a user (deactivation, password, profile) the user; a
 * partner's deactivation, reactivation or deletion the partner.
 */
@Injectable()
export class SessionRevocations implements OnModuleInit, OnApplicationShutdown {
  private nc: NatsConnection | null = null;

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly afterCommit: AfterCommit,
  ) {}

  async onModuleInit(): Promise<void> {
    this.nc = await connectNats({ url: this.config.NATS_URL, name: 'identity-session-revocations' });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.nc?.close().catch(() => undefined);
  }

  /** Once `tx` commits, every gateway forgets what it kept of these sessions, users or partners. */
  revokeAfterCommit(tx: Tx, revocation: Partial<SessionRevocation>): void {
    const message: SessionRevocation = {
      userIds: revocation.userIds ?? [],
      sessionIds: revocation.sessionIds ?? [],
      companyIds: revocation.companyIds ?? [],
    };
    this.afterCommit.whenCommitted(tx, () => this.publish(message));
  }

  private async publish(message: SessionRevocation): Promise<void> {
    if (!this.nc) throw new Error('session revocation not sent: NATS not connected yet');
    this.nc.publish(sessionRevocationsSubject(this.config.NATS_NAMESPACE), JSON.stringify(message));
    await this.nc.flush();
  }
}
