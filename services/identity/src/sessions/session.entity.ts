import type { Role } from '@avpass/contracts';
import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

export interface SessionData {
  userId: string;
  role: Role;
  companyId: string | null;
}

/**
 * A server-side session behind an opaque bearer token. Only the token's SHA-256 is stored (sid), so
 * a leaked table does not hand out sessions.
 */
@Entity({ tableName: 'sessions' })
export class Session {
  @PrimaryKey({ type: 'text' })
  sid!: string;

  @Property({ type: 'json' })
  sess!: SessionData;

  @Property({ type: 'timestamptz' })
  expire!: Date;

  @Property({ type: 'uuid' })
  userId!: string;
}
