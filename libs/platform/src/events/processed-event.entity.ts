import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** The inbox: which events a consumer has already applied, so a redelivery changes nothing. */
@Entity({ tableName: 'processed_events' })
export class ProcessedEvent {
  @PrimaryKey({ type: 'text' })
  consumer!: string;

  @PrimaryKey({ type: 'uuid' })
  eventId!: string;

  @Property({ type: 'timestamptz' })
  processedAt: Date = new Date();
}
