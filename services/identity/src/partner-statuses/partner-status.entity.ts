import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Whether a partner (company) is active, as the partners service last announced it
 * (partners.partner.status-changed.v1). No row: never deactivated, so active.
 */
@Entity({ tableName: 'partner_statuses' })
export class PartnerStatus {
  @PrimaryKey({ type: 'uuid' })
  companyId!: string;

  @Property({ type: 'boolean' })
  isActive!: boolean;

  /** The event's version: a state is replaced only by one with a greater version. */
  @Property({ type: 'integer' })
  version!: number;
}
