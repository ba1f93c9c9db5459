import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * A code assigned to a partner company: that company's staff see it. Partners live in another service,
 * so partner_id has no foreign key; the code side cascades on delete.
 */
@Entity({ tableName: 'qr_code_partners' })
@Unique({ properties: ['qrCodeId', 'partnerId'] })
@Index({ properties: ['partnerId'] })
export class QrCodePartner {
  [OptionalProps]?: 'id' | 'assignedAt' | 'assignedBy' | 'isActive';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  qrCodeId!: string;

  @Property({ type: 'uuid' })
  partnerId!: string;

  @Property({ type: 'timestamptz' })
  assignedAt: Date = new Date();

  @Property({ type: 'uuid', nullable: true })
  assignedBy: string | null = null;

  @Property({ type: 'boolean' })
  isActive = true;
}
