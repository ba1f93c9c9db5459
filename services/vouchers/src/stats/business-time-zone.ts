import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { VouchersSettings } from '../settings';
import { BusinessTimeZoneRepository } from './business-time-zone.repository';

/**
 * Gives the database the configured BUSINESS_TIMEZONE at start-up (after the platform's start-up ran
 * the migrations, before requests are served): the trigger that tallies trainer redemptions by
 * business day reads it from business_settings, so a changed zone needs a restart, never a migration.
 * Days already tallied stay as they were counted; `npm run stats:rebuild` recounts them in the new zone.
 */
@Injectable()
export class BusinessTimeZone implements OnApplicationBootstrap {
  private readonly logger = new Logger(BusinessTimeZone.name);

  constructor(
    private readonly settings: VouchersSettings,
    private readonly zones: BusinessTimeZoneRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const zone = this.settings.timeZone;
    const previous = await this.zones.replace(zone);
    if (previous !== null && previous !== zone) {
      this.logger.warn(
        `BUSINESS_TIMEZONE is now ${zone} (was ${previous}): redemptions from now on count in ${zone}'s days; ` +
          'run `npm run stats:rebuild` to recount the days already tallied',
      );
    }
  }
}
