import { AppError, isPermission, type TRole } from '@gavel/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { toRole } from '../users/user.mapper.js';
import { RoleRepository } from './role.repository.js';

@Injectable()
export class RoleService {
  constructor(@Inject(RoleRepository) private readonly roles: RoleRepository) {}

  async list(tenantId: string): Promise<TRole[]> {
    return (await this.roles.list(tenantId)).map(toRole);
  }

  /**
   * Makes sure the tenant has a role of this name granting at least these permissions (seed and tests;
   * no NATS subject manages roles yet). Answers whether anything had to be written.
   */
  async ensure(
    tenantId: string,
    name: string,
    permissions: readonly string[] = [],
  ): Promise<{ role: TRole; changed: boolean }> {
    const unknown = permissions.filter((p) => !isPermission(p));
    if (unknown.length) {
      throw new AppError('bad_request', 'The given data was invalid.', {
        permissions: unknown.map((p) => `The permission "${p}" does not exist.`),
      });
    }
    const trimmed = name.trim();
    if (!trimmed) throw new AppError('bad_request', 'The role name is required.');
    const { role, created, permissionsAdded } = await this.roles.ensure(tenantId, trimmed, permissions);
    return { role: toRole(role), changed: created || permissionsAdded > 0 };
  }
}
