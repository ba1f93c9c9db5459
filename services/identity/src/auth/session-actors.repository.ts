import type { Role } from '@avpass/contracts';
import { executePrepared } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { LiveSession } from '../sessions';

/** A live session's user as the statement reads it: what an actor is made of. */
export interface SessionActorRow {
  sid: string;
  userId: string;
  role: Role;
  companyId: string | null;
  username: string;
  firstName: string | null;
  lastName: string | null;
  /** The session's end by its sign-in (SESSION_TTL_HOURS), whatever its use. */
  endsAt: Date;
}

/**
 * A request's session resolved to its user in ONE statement (decision 301): the live session (and the
 * record of this use, sessions/ LIVE_SESSION_CTES), its user when active, and the user's partner when
 * not deactivated (partner_statuses: a partner with no recorded status was never deactivated,
 * decision 161). The gateway asks this for every request with a bearer token but a polled one.
 */
@Injectable()
export class SessionActorsRepository {
  constructor(private readonly em: EntityManager) {}

  async liveSessionActor(live: LiveSession): Promise<SessionActorRow | null> {
    const rows = await executePrepared<SessionActorRow>(
      this.em,
      `with ${live.ctes}
      select l.sid, u.id as "userId", u.role, u.company_id as "companyId", u.username,
             u.first_name as "firstName", u.last_name as "lastName", l.expire as "endsAt"
        from live l join users u on u.id = l.user_id
       where u.is_active
         and (u.company_id is null
              or coalesce((select p.is_active from partner_statuses p where p.company_id = u.company_id), true))`,
      live.params,
    );
    return rows[0] ?? null;
  }
}
