import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../clock';
import { VOUCHERS_CONFIG, type VouchersConfig } from '../config';

export { VOUCHERS_CONFIG } from '../config';

/** What every answer about a code needs besides the row: the time, the zone and the public origin. */
export interface MappingContext {
  now: Date;
  timeZone: string;
  /** PUBLIC_URL without a trailing slash, when configured. */
  publicUrl?: string | undefined;
}

/** The service's settings and clock, in one place for the services that map codes. */
@Injectable()
export class VouchersSettings {
  constructor(
    @Inject(VOUCHERS_CONFIG) readonly config: VouchersConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock();
  }

  get timeZone(): string {
    return this.config.BUSINESS_TIMEZONE;
  }

  mapping(now: Date = this.clock()): MappingContext {
    return { now, timeZone: this.config.BUSINESS_TIMEZONE, publicUrl: this.config.PUBLIC_URL };
  }
}
