import { MikroORM } from '@mikro-orm/core';
import { Injectable, Logger } from '@nestjs/common';

/** Runs the service's committed migrations; called once at start-up, before the event bus starts. */
@Injectable()
export class MigrationRunner {
  private readonly logger = new Logger('Migrations');

  constructor(private readonly orm: MikroORM) {}

  async run(): Promise<void> {
    const applied = await this.orm.getMigrator().up();
    if (applied.length) this.logger.log(`applied ${applied.map((m) => m.name).join(', ')}`);
  }
}
