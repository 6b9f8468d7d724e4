import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Settings } from '../../settings/settings';
import { IdentityError } from '../identity.errors';
import { UsersService } from '../users/users.service';

/**
 * First start: when no user exists yet, creates the admin (ADMIN_USER, ADMIN_EMAIL) as Grafana
 * Admin and Admin of org 1. Without ADMIN_PASSWORD a random password is generated and logged
 * once, at warn level so the default log level shows it. Later starts change nothing. Either way
 * ADMIN_PASSWORD is forgotten afterwards: the long-lived settings object no longer holds it.
 */
@Injectable()
export class AdminBootstrapService implements OnModuleInit {
  private readonly logger = new Logger('Identity');

  constructor(
    private readonly users: UsersService,
    private readonly settings: Settings,
  ) {}

  async onModuleInit(): Promise<void> {
    const secret = this.settings.identity.adminPassword;
    const chosen = secret.reveal();
    secret.forget();
    if ((await this.users.countAll()) > 0) return;
    const { adminUser, adminEmail } = this.settings.identity;
    const password = chosen !== '' ? chosen : randomBytes(15).toString('base64url');
    try {
      await this.users.create({
        login: adminUser,
        email: adminEmail,
        name: adminUser,
        password,
        orgId: 1,
        role: 'Admin',
        isGrafanaAdmin: true,
      });
    } catch (error) {
      // Another instance created it in the meantime (first boot of several against PostgreSQL).
      if (error instanceof IdentityError && error.reason === 'user-exists') return;
      throw error;
    }
    if (chosen === '') {
      this.logger.warn(
        `created the admin user "${adminUser}" with the generated password ${password} (shown once; set ADMIN_PASSWORD to choose it)`,
      );
    } else this.logger.log(`created the admin user "${adminUser}"`);
  }
}
