import {
  AppError,
  effectivePermissions,
  type TLoginInput,
  type TMe,
  type TPrincipalReply,
  type TRequestContext,
} from '@gavel/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { toTenant } from '../tenants/tenant.mapper.js';
import { TenantRepository } from '../tenants/tenant.repository.js';
import { toRole, toUser } from '../users/user.mapper.js';
import { UserRepository } from '../users/user.repository.js';
import { normalizeEmail } from '../users/user.rules.js';
import { PasswordService } from './password.service.js';

const BAD_CREDENTIALS = 'These credentials do not match our records.';

@Injectable()
export class AuthService {
  constructor(
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(TenantRepository) private readonly tenants: TenantRepository,
    @Inject(PasswordService) private readonly passwords: PasswordService,
  ) {}

  /**
   * Email and password sign-in within the caller's tenant. An unknown email and a wrong password get the
   * same answer after the same work.
   */
  async login(ctx: TRequestContext, input: TLoginInput): Promise<{ userId: string; body: TMe }> {
    const found = await this.users.findCredentials(ctx.tenantId, normalizeEmail(input.email));
    const ok = await this.passwords.verify(found?.passwordHash ?? null, input.password);
    if (!found || !ok) throw new AppError('unauthenticated', BAD_CREDENTIALS);
    const me = await this.buildMe(ctx.tenantId, found.id);
    if (!me) throw new AppError('unauthenticated', BAD_CREDENTIALS);
    return { userId: found.id, body: me };
  }

  /** The signed-in user, their roles, effective permissions and tenant. */
  async me(ctx: TRequestContext): Promise<TMe> {
    const me = ctx.userId ? await this.buildMe(ctx.tenantId, ctx.userId) : null;
    if (!me) throw new AppError('unauthenticated', 'Unauthenticated.');
    return me;
  }

  /** What the gateway puts in the request context for a session's user; null when the user is gone. */
  async principal(ctx: TRequestContext, userId: string): Promise<TPrincipalReply> {
    const access = await this.users.findAccess(ctx.tenantId, userId);
    if (!access) return null;
    return {
      userId: access.user.id,
      roles: access.roles.map((r) => r.name),
      permissions: effectivePermissions(access.roles, access.direct),
    };
  }

  private async buildMe(tenantId: string, userId: string): Promise<TMe | null> {
    const [access, tenant] = await Promise.all([
      this.users.findAccess(tenantId, userId),
      this.tenants.findById(tenantId),
    ]);
    if (!access || !tenant) return null;
    return {
      user: toUser(access.user),
      roles: access.roles.map(toRole),
      permissions: effectivePermissions(access.roles, access.direct),
      tenant: toTenant(tenant),
    };
  }
}
