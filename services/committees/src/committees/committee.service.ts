import {
  AppError,
  COMMITTEE_LIST_PERMISSIONS,
  can,
  canAny,
  type TCommittee,
  type TCommitteeCreateInput,
  type TCommitteeRef,
  type TCommitteeUpdateInput,
  type TRequestContext,
} from '@gavel/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../db/database.js';
import { type Db, isUniqueViolation } from '../db/prisma.js';
import { YearRepository } from '../years/year.repository.js';
import { requireUser } from '../years/year.service.js';
import { CommitteeEvents } from './committee.events.js';
import { toCommittee } from './committee.mapper.js';
import { type CommitteeData, CommitteeRepository, type CommitteeRow } from './committee.repository.js';

const FORBIDDEN = 'This action is unauthorized.';

@Injectable()
export class CommitteeService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(CommitteeRepository) private readonly committees: CommitteeRepository,
    @Inject(YearRepository) private readonly years: YearRepository,
    @Inject(CommitteeEvents) private readonly events: CommitteeEvents,
  ) {}

  /**
   * GET /api/admin/{year}/committees: any of the six committee-list permissions, or 'create committees'
   * (the copy form picks the committee to copy from this list; the admin home shows it for the six only).
   */
  async listByYear(ctx: TRequestContext, year: number): Promise<TCommittee[]> {
    requireUser(ctx);
    if (!canAny(ctx, 'create committees', ...COMMITTEE_LIST_PERMISSIONS))
      throw new AppError('forbidden', FORBIDDEN);
    return this.db.transaction(async (tx) =>
      this.present(tx, ctx.tenantId, await this.committees.listByYear(tx, ctx.tenantId, year)),
    );
  }

  /** GET /api/admin/committee/{code}: 'edit committees' or any committee-list permission. */
  async get(ctx: TRequestContext, ref: TCommitteeRef): Promise<TCommittee> {
    requireUser(ctx);
    if (!canAny(ctx, 'edit committees', ...COMMITTEE_LIST_PERMISSIONS))
      throw new AppError('forbidden', FORBIDDEN);
    return this.db.transaction(async (tx) =>
      this.presentOne(tx, ctx.tenantId, await this.resolve(tx, ctx.tenantId, ref)),
    );
  }

  /** POST /api/admin/committee ('create committees'); a year that does not exist yet is recorded. */
  async create(ctx: TRequestContext, input: TCommitteeCreateInput): Promise<TCommittee> {
    requireUser(ctx);
    if (!can(ctx, 'create committees')) throw new AppError('forbidden', FORBIDDEN);
    const data = toData(input, input.code, input.year ?? null);
    const row = await this.write(async (tx) => {
      await this.assertCodeFree(tx, ctx.tenantId, data.code, data.year);
      if (data.year !== null) await this.years.ensure(tx, ctx.tenantId, data.year);
      const created = await this.committees.create(tx, ctx.tenantId, data);
      await this.events.created(tx, ctx.tenantId, created);
      return created;
    });
    return toCommittee(row, new Map()); // a new committee has no members yet
  }

  /** PUT /api/admin/committee/{code} ('edit committees'): replaces the settings; `new_code` renames. */
  async update(ctx: TRequestContext, input: TCommitteeUpdateInput): Promise<TCommittee> {
    requireUser(ctx);
    if (!can(ctx, 'edit committees')) throw new AppError('forbidden', FORBIDDEN);
    return this.write(async (tx) => {
      const current = await this.resolve(tx, ctx.tenantId, { code: input.code, year: input.year });
      const data = toData(input, input.new_code ?? current.code, current.year);
      await this.assertCodeFree(tx, ctx.tenantId, data.code, data.year, current.id);
      const updated = await this.committees.update(tx, ctx.tenantId, current.id, data);
      await this.events.updated(tx, ctx.tenantId, updated);
      return this.presentOne(tx, ctx.tenantId, updated);
    });
  }

  /** DELETE /api/admin/committee/{code} ('edit committees'); refused while it has meetings not ended. */
  async delete(ctx: TRequestContext, ref: TCommitteeRef): Promise<{ ok: true }> {
    requireUser(ctx);
    if (!can(ctx, 'edit committees')) throw new AppError('forbidden', FORBIDDEN);
    await this.db.transaction(async (tx) => {
      const current = await this.resolve(tx, ctx.tenantId, ref);
      if ((await this.committees.openMeetings(tx, ctx.tenantId, current.id)) > 0) {
        throw new AppError(
          'conflict',
          'The committee has meetings that have not ended and cannot be deleted.',
        );
      }
      await this.committees.delete(tx, ctx.tenantId, current.id);
      await this.events.deleted(tx, ctx.tenantId, current);
    });
    return { ok: true };
  }

  /** Committees as the API shows them, with their member counts. */
  async present(tx: Db, tenantId: string, rows: CommitteeRow[]): Promise<TCommittee[]> {
    const counts = await this.committees.membersByPosition(
      tx,
      tenantId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toCommittee(r, counts.get(r.id) ?? new Map()));
  }

  async presentOne(tx: Db, tenantId: string, row: CommitteeRow): Promise<TCommittee> {
    return (await this.present(tx, tenantId, [row]))[0] as TCommittee;
  }

  /**
   * A code names a committee in the given year: that year's, else a term-based one (it serves in every
   * year, as the year's committee list and appointments dashboard have it). Without a year: the one of
   * the current year, else a term-based one, else the most recent year's.
   */
  async resolve(tx: Db, tenantId: string, ref: TCommitteeRef): Promise<CommitteeRow> {
    const rows = await this.committees.findByCode(tx, tenantId, ref.code);
    let found: CommitteeRow | undefined;
    if (ref.year !== undefined) {
      found = rows.find((r) => r.year === ref.year) ?? rows.find((r) => r.year === null);
    } else {
      const current = await this.years.current(tx, tenantId);
      found =
        rows.find((r) => current && r.year === current.year) ?? rows.find((r) => r.year === null) ?? rows[0];
    }
    if (!found) throw new AppError('not_found', 'Committee not found.');
    return found;
  }

  private async assertCodeFree(
    tx: Db,
    tenantId: string,
    code: string,
    year: number | null,
    exceptId?: string,
  ) {
    if (await this.committees.codeTaken(tx, tenantId, code, year, exceptId)) throw codeConflict();
  }

  /** Runs a write; a unique-key race on the code becomes the same 409 as the check before it. */
  private async write<R>(fn: (tx: Db) => Promise<R>): Promise<R> {
    try {
      return await this.db.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw codeConflict();
      throw err;
    }
  }
}

/** The 409 of a code another committee holds (create, edit and copy). */
export function codeConflict(): AppError {
  return new AppError('conflict', 'The code has already been taken.', {
    code: ['The code has already been taken.'],
  });
}

function toData(
  input: Omit<TCommitteeCreateInput, 'code' | 'year'>,
  code: string,
  year: number | null,
): CommitteeData {
  return {
    name: input.name,
    code,
    year,
    quorum: input.quorum ?? null,
    twoThirdsVote: input.two_thirds_vote,
    chairPosition: input.chair_position || null,
    vchairPosition: input.vchair_position || null,
    hasDemographic: input.has_demographic,
    demographicName: input.has_demographic ? (input.demographic_name ?? null) : null,
    demographicIsDisplayed: input.demographic_is_displayed,
    demographicMotionFilterable: input.demographic_motion_filterable,
    demographicDisplayPrepend: input.demographic_display_prepend,
    positions: input.voting_rights.map((r) => ({ position: r.position, isVoting: r.is_voting })),
    demographics: input.has_demographic ? input.demographics : [],
  };
}
