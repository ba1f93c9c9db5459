import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/**
 * business_settings (migration 20261129): the one row holding the business time zone the database
 * itself reads, in the trigger that tallies trainer redemptions by day (trainer_day_tallies).
 */
@Injectable()
export class BusinessTimeZoneRepository {
  constructor(private readonly em: EntityManager) {}

  /** Stores `timeZone`; answers the zone stored before (null if there was no row). */
  async replace(timeZone: string): Promise<string | null> {
    const rows: { previous: string | null }[] = await this.em.execute(
      `with previous as (select time_zone from business_settings where id for update)
       insert into business_settings (id, time_zone) values (true, ?)
       on conflict (id) do update set time_zone = excluded.time_zone
       returning (select time_zone from previous) as previous`,
      [timeZone],
    );
    return rows[0]?.previous ?? null;
  }
}
