import { MikroORM } from '@mikro-orm/core';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';

/** Runs the service's committed migrations once at start-up, before it takes requests. */
@Injectable()
export class MigrationRunner implements OnApplicationBootstrap {
  private readonly logger = new Logger('Migrations');

  constructor(private readonly orm: MikroORM) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.run();
  }

  async run(): Promise<void> {
    const applied = await this.orm.getMigrator().up();
    if (applied.length) this.logger.log(`applied ${applied.map((m) => m.name).join(', ')}`);
  }
}
