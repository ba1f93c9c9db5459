import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A partner vendor. E-mails are unique regardless of case (see the migration's index). */
@Entity({ tableName: 'companies' })
export class Company {
  [OptionalProps]?:
    | 'id'
    | 'legalName'
    | 'email'
    | 'logoUrl'
    | 'contactInfo'
    | 'phone'
    | 'website'
    | 'address'
    | 'categories'
    | 'galleryPhotos'
    | 'description'
    | 'isActive'
    | 'statusVersion'
    | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  name!: string;

  /** The name on contracts and payments, when it differs from the display name. */
  @Property({ type: 'text', nullable: true })
  legalName: string | null = null;

  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'text', nullable: true })
  logoUrl: string | null = null;

  @Property({ type: 'text', nullable: true })
  contactInfo: string | null = null;

  @Property({ type: 'text', nullable: true })
  phone: string | null = null;

  @Property({ type: 'text', nullable: true })
  website: string | null = null;

  @Property({ type: 'text', nullable: true })
  address: string | null = null;

  @Property({ type: 'json' })
  categories: string[] = [];

  @Property({ type: 'json' })
  galleryPhotos: string[] = [];

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'boolean' })
  isActive = true;

  /** Raised by every change of isActive: the order of partners.partner.status-changed.v1 events. */
  @Property({ type: 'integer' })
  statusVersion = 0;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
