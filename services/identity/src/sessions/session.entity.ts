import type { Role } from '@avpass/contracts';
import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

export interface SessionData {
  userId: string;
  role: Role;
  companyId: string | null;
}

/**
 * A server-side session behind an opaque bearer token. Only the token's SHA-256 is stored (sid), so
 * a leaked table does not hand out sessions. It ends at `expire` (sign-in + SESSION_TTL_HOURS, never
 * moved) or SESSION_IDLE_MINUTES after `lastSeenAt`, whichever comes first (decision 158).
 */
@Entity({ tableName: 'sessions' })
export class Session {
  @PrimaryKey({ type: 'text' })
  sid!: string;

  @Property({ type: 'json' })
  sess!: SessionData;

  @Property({ type: 'timestamptz' })
  expire!: Date;

  /** The sign-in. */
  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  /** The last use, recorded at most once a minute (LAST_SEEN_GRANULARITY_MS). */
  @Property({ type: 'timestamptz' })
  lastSeenAt!: Date;

  @Property({ type: 'uuid' })
  userId!: string;
}
