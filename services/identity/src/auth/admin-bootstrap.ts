import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { PasswordHasher, UsersRepository } from '../users';

/**
 * On first start with no administrator, creates one from ADMIN_USERNAME / ADMIN_PASSWORD; with no
 * password configured, generates one and prints it once.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (await this.users.hasSuperAdmin()) return;
    const generated = !this.config.ADMIN_PASSWORD;
    const password = this.config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    const admin = await this.users.insertSuperAdmin({
      username: this.config.ADMIN_USERNAME,
      passwordHash: await this.hasher.hash(password),
      firstName: 'Platform',
      lastName: 'Administrator',
    });
    if (admin === 'conflict') return; // another instance created it
    if (generated) {
      // Printed once, on the console, so the operator can sign in; it is never stored in clear.
      console.log(
        `\n  AV Pass administrator created: username "${admin.username}", password "${password}"\n  (generated because ADMIN_PASSWORD was not set; change it in Settings)\n`,
      );
    } else {
      this.logger.log(`administrator "${admin.username}" created from ADMIN_USERNAME / ADMIN_PASSWORD`);
    }
  }
}
