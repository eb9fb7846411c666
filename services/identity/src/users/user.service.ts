import {
  AppError,
  canAny,
  isAdmin,
  parseOrThrow,
  type TRequestContext,
  type TUser,
  type TUserEditView,
  type TUserListInput,
  type TUserSearchResult,
  type TUserUpdateInput,
  USER_SEARCH_LIMIT,
  USER_SEARCH_PERMISSIONS,
} from '@gavel/contracts';
import { isUniqueViolation } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { PasswordService } from '../auth/password.service.js';
import { Database } from '../db/database.js';
import type { Tx } from '../db/prisma.js';
import { RoleRepository } from '../roles/role.repository.js';
import { UserEvents } from './user.events.js';
import { type RoleRow, toRole, toUser, toUserSearchResult, type UserRow } from './user.mapper.js';
import { UserRepository } from './user.repository.js';
import {
  blankToNull,
  editTargetProblem,
  normalizeEmail,
  roleChangeProblem,
  searchCriteria,
  uniqueNames,
} from './user.rules.js';
import { type TCreateUserInput, ZCreateUserInput } from './user.schemas.js';

const EMAIL_TAKEN = 'The email has already been taken.';
/** Unknown role names an error names one by one; the rest are counted (the answer must stay small). */
const UNKNOWN_ROLES_LISTED = 10;

function emailTaken(): AppError {
  return new AppError('conflict', EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
}

function userNotFound(): AppError {
  return new AppError('not_found', 'User not found.');
}

function requireAdmin(ctx: TRequestContext): void {
  if (!isAdmin(ctx)) throw new AppError('forbidden', 'You are not allowed to manage users.');
}

@Injectable()
export class UserService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(RoleRepository) private readonly roles: RoleRepository,
    @Inject(UserEvents) private readonly events: UserEvents,
    @Inject(PasswordService) private readonly passwords: PasswordService,
  ) {}

  /** User search for admins and for those who add people to committees and meetings. */
  async search(ctx: TRequestContext, input: TUserListInput): Promise<TUserSearchResult[]> {
    const allowed = isAdmin(ctx) || canAny(ctx, ...USER_SEARCH_PERMISSIONS);
    if (!allowed) throw new AppError('forbidden', 'You are not allowed to search users.');
    const criteria = searchCriteria(input);
    if (!criteria) throw new AppError('bad_request', 'No Search Criteria Entered');
    const rows = await this.users.search(ctx.tenantId, criteria, input.limit ?? USER_SEARCH_LIMIT);
    return rows.map(toUserSearchResult);
  }

  /** The user edit page. */
  async getEditView(ctx: TRequestContext, id: string): Promise<TUserEditView> {
    requireAdmin(ctx);
    const access = await this.users.findAccess(ctx.tenantId, id);
    if (!access) throw userNotFound();
    return this.editView(access.user, access.roles, await this.roles.list(ctx.tenantId));
  }

  /**
   * Changes a user's names, email and roles in one transaction that also writes the userUpdated event.
   * Refuses what would raise someone above the acting admin (see user.rules).
   */
  async update(ctx: TRequestContext, input: TUserUpdateInput): Promise<TUserEditView> {
    requireAdmin(ctx);
    const tenantId = ctx.tenantId;
    const email = normalizeEmail(input.email);
    const wanted = uniqueNames(input.roles);
    try {
      return await this.db.transaction(async (tx) => {
        await this.users.lock(tenantId, input.id, tx);
        const current = await this.users.findAccess(tenantId, input.id, tx);
        if (!current) throw userNotFound();
        const currentNames = current.roles.map((r) => r.name);

        const targetProblem = editTargetProblem(ctx, currentNames);
        if (targetProblem) throw new AppError('forbidden', targetProblem);

        const roles = await this.requireRoles(tenantId, wanted, tx);
        const roleProblem = roleChangeProblem(ctx, input.id, currentNames, wanted);
        if (roleProblem) throw new AppError('forbidden', roleProblem);

        const holder = await this.users.findIdByEmail(tenantId, email, tx);
        if (holder && holder !== input.id) throw emailTaken();

        const updated = await this.users.update(
          tenantId,
          input.id,
          {
            firstName: input.first_name,
            lastName: input.last_name,
            email,
            displayedFirstName: blankToNull(input.displayed_first_name),
            nickname: blankToNull(input.nickname),
          },
          tx,
        );
        await this.users.setRoles(
          tenantId,
          input.id,
          roles.map((r) => r.id),
          tx,
        );
        await this.events.updated(tx, tenantId, updated);
        return this.editView(updated, roles, await this.roles.list(tenantId, tx));
      });
    } catch (err) {
      // Another request took the email between our check and the update.
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  /**
   * Creates a user of a tenant with roles and direct permissions, and writes the userCreated event in the
   * same transaction. Used by the seed and by tests; no NATS subject exposes it yet.
   */
  async create(tenantId: string, input: TCreateUserInput): Promise<TUser> {
    const data = parseOrThrow(ZCreateUserInput, input);
    const email = normalizeEmail(data.email);
    const wanted = uniqueNames(data.roles);
    const passwordHash = data.password ? await this.passwords.hash(data.password) : null;
    try {
      return await this.db.transaction(async (tx) => {
        if (await this.users.findIdByEmail(tenantId, email, tx)) throw emailTaken();
        const roles = await this.requireRoles(tenantId, wanted, tx);
        const row = await this.users.create(
          tenantId,
          {
            firstName: data.first_name,
            lastName: data.last_name,
            email,
            passwordHash,
            nrds: blankToNull(data.nrds),
            displayedFirstName: blankToNull(data.displayed_first_name),
            nickname: blankToNull(data.nickname),
            username: blankToNull(data.username),
            phone: blankToNull(data.phone),
            externalId: blankToNull(data.external_id),
            profileImageUrl: blankToNull(data.profile_image_url),
          },
          tx,
        );
        await this.users.setRoles(
          tenantId,
          row.id,
          roles.map((r) => r.id),
          tx,
        );
        await this.users.addPermissions(tenantId, row.id, data.permissions, tx);
        await this.events.created(tx, tenantId, row);
        return toUser(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('conflict', 'A user with this email, username or external id already exists.');
      }
      throw err;
    }
  }

  /** The id of the user with this email in the tenant, or null. */
  findIdByEmail(tenantId: string, email: string): Promise<string | null> {
    return this.users.findIdByEmail(tenantId, normalizeEmail(email));
  }

  /**
   * The roles of these names, looked up in the tenant's own short list: the names come from the request,
   * and as many as its body holds would not fit in one query's parameters (a 500).
   */
  private async requireRoles(tenantId: string, names: string[], tx: Tx): Promise<RoleRow[]> {
    const byName = new Map((await this.roles.list(tenantId, tx)).map((r) => [r.name, r]));
    const unknown = names.filter((name) => !byName.has(name));
    if (unknown.length) {
      const listed = unknown
        .slice(0, UNKNOWN_ROLES_LISTED)
        .map((name) => `The role "${name}" does not exist.`);
      const more = unknown.length - listed.length;
      if (more > 0) listed.push(`${more} more of the roles do not exist.`);
      throw new AppError('bad_request', 'The given data was invalid.', { roles: listed });
    }
    return [...new Set(names)].map((name) => byName.get(name) as RoleRow);
  }

  private editView(user: UserRow, roles: RoleRow[], available: RoleRow[]): TUserEditView {
    return {
      user: toUser(user),
      own_displayed_first_name: user.displayedFirstName,
      roles: roles.map((r) => r.name).sort(),
      available_roles: available.map(toRole),
    };
  }
}
