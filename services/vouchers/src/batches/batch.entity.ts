import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { CardLanguage } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';

/** A bulk generation: its codes carry batch_id and batch_name. */
@Entity({ tableName: 'batches' })
@Index({ properties: ['createdAt'] })
export class Batch {
  [OptionalProps]?: 'id' | 'createdAt' | 'createdBy' | 'cardLanguage';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'integer' })
  count!: number;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'uuid', nullable: true })
  createdBy: string | null = null;

  /** The language its printed cards speak (migration 0030, decision 359). */
  @Property({ type: 'text' })
  cardLanguage: CardLanguage = 'en';
}
