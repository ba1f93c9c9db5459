import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** An event written in the same transaction as the change it describes; the relay publishes it. */
@Entity({ tableName: 'outbox_events' })
export class OutboxEvent {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'bigint', autoincrement: true, persist: false, nullable: true })
  seq?: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'json' })
  payload!: unknown;

  @Property({ type: 'timestamptz' })
  occurredAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null = null;

  @Property({ type: 'integer' })
  attempts = 0;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;
}
