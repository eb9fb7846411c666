import type { Outbox } from '@gavel/service-kit';
import { AuthService } from './auth/auth.service.js';
import { PasswordService } from './auth/password.service.js';
import { BypassCodeRepository } from './bypass/bypass-code.repository.js';
import { BypassCodeService } from './bypass/bypass-code.service.js';
import { Database } from './db/database.js';
import type { PrismaClient } from './db/prisma.js';
import { RoleRepository } from './roles/role.repository.js';
import { RoleService } from './roles/role.service.js';
import { TenantRepository } from './tenants/tenant.repository.js';
import { TenantService } from './tenants/tenant.service.js';
import { UserEvents } from './users/user.events.js';
import { UserRepository } from './users/user.repository.js';
import { UserService } from './users/user.service.js';

export interface IdentityServices {
  tenants: TenantService;
  roles: RoleService;
  users: UserService;
  auth: AuthService;
  bypassCodes: BypassCodeService;
}

/**
 * The module's services wired by hand, for code that runs outside Nest: the seed script and test
 * factories. Same classes and rules as the running service (keep in step with IdentityModule).
 */
export function createIdentityServices(prisma: PrismaClient, outbox: Outbox): IdentityServices {
  const passwords = new PasswordService();
  const tenantRepository = new TenantRepository(prisma);
  const roleRepository = new RoleRepository(prisma);
  const userRepository = new UserRepository(prisma);
  return {
    tenants: new TenantService(tenantRepository),
    roles: new RoleService(roleRepository),
    users: new UserService(
      new Database(prisma),
      userRepository,
      roleRepository,
      new UserEvents(outbox),
      passwords,
    ),
    auth: new AuthService(userRepository, tenantRepository, passwords),
    bypassCodes: new BypassCodeService(new BypassCodeRepository(prisma), userRepository),
  };
}
