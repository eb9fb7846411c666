import { Outbox, ServiceRuntime } from '@gavel/service-kit';
import { Module } from '@nestjs/common';
import { AuthHandler } from './auth/auth.handler.js';
import { AuthService } from './auth/auth.service.js';
import { PasswordService } from './auth/password.service.js';
import { BypassCodeHandler } from './bypass/bypass-code.handler.js';
import { BypassCodeRepository } from './bypass/bypass-code.repository.js';
import { BypassCodeService } from './bypass/bypass-code.service.js';
import { Database } from './db/database.js';
import { RoleRepository } from './roles/role.repository.js';
import { RoleService } from './roles/role.service.js';
import { TenantHandler } from './tenants/tenant.handler.js';
import { TenantRepository } from './tenants/tenant.repository.js';
import { TenantService } from './tenants/tenant.service.js';
import { UserEvents } from './users/user.events.js';
import { UserHandler } from './users/user.handler.js';
import { UserRepository } from './users/user.repository.js';
import { UserService } from './users/user.service.js';

/** Tenants, users, roles and permissions, sign-in and bypass codes. */
@Module({
  controllers: [TenantHandler, AuthHandler, BypassCodeHandler, UserHandler],
  providers: [
    Database,
    // The kit's runtime writes events into this service's outbox.
    { provide: Outbox, useExisting: ServiceRuntime },
    PasswordService,
    TenantRepository,
    TenantService,
    RoleRepository,
    RoleService,
    UserRepository,
    UserEvents,
    UserService,
    AuthService,
    BypassCodeRepository,
    BypassCodeService,
  ],
})
export class IdentityModule {}
