import { businessDayOf } from '@avpass/domain';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from './clock';
import { CREDITS_CONFIG, type CreditsConfig } from './config';

/** The service's clock and business time zone, in one place. */
@Injectable()
export class CreditsSettings {
  constructor(
    @Inject(CREDITS_CONFIG) readonly config: CreditsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock();
  }

  get timeZone(): string {
    return this.config.BUSINESS_TIMEZONE;
  }

  /** Today's business date ('YYYY-MM-DD' in BUSINESS_TIMEZONE). */
  today(now: Date = this.clock()): string {
    return businessDayOf(now, this.config.BUSINESS_TIMEZONE);
  }
}
