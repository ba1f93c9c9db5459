import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One row of the service's append-only audit table (AUDIT_TABLE_SQL), written by `AuditTrail.appendEntry` in
 * the transaction of the change it records. Never changed once written: the database refuses.
 */
@Entity({ tableName: 'audit_entries' })
export class AuditEntryRow {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'bigint', autoincrement: true, persist: false, nullable: true })
  seq?: string;

  @Property({ type: 'timestamptz' })
  at!: Date;

  @Property({ type: 'text' })
  actorType!: string;

  @Property({ type: 'text', nullable: true })
  actorId: string | null = null;

  @Property({ type: 'text', nullable: true })
  actorName: string | null = null;

  @Property({ type: 'text', nullable: true })
  actorRole: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  actorCompanyId: string | null = null;

  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'text' })
  targetType!: string;

  @Property({ type: 'text', nullable: true })
  targetId: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  companyId: string | null = null;

  @Property({ type: 'text', nullable: true })
  requestId: string | null = null;

  @Property({ type: 'text', nullable: true })
  ip: string | null = null;

  @Property({ type: 'text', nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'json', nullable: true })
  changes: unknown = null;

  @Property({ type: 'text' })
  service!: string;
}
