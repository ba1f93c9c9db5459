import type { Language, Role } from '@avpass/contracts';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?:
    | 'id'
    | 'email'
    | 'role'
    | 'companyId'
    | 'firstName'
    | 'lastName'
    | 'language'
    | 'isActive'
    | 'createdAt'
    | 'lastLogin';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  username!: string;

  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'text', hidden: true, lazy: false })
  passwordHash!: string;

  @Property({ type: 'text' })
  role: Role = 'company_admin';

  @Property({ type: 'uuid', nullable: true })
  companyId: string | null = null;

  @Property({ type: 'text', nullable: true })
  firstName: string | null = null;

  @Property({ type: 'text', nullable: true })
  lastName: string | null = null;

  /** The user's own language (issue 42): the screens and what is sent to them. */
  @Property({ type: 'text' })
  language: Language = 'en';

  @Property({ type: 'boolean' })
  isActive = true;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastLogin: Date | null = null;
}
