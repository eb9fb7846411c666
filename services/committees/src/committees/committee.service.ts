import { isDeepStrictEqual } from 'node:util';
import {
  AppError,
  COMMITTEE_LIST_PERMISSIONS,
  can,
  canAny,
  canViewCommittee,
  committeeForCode,
  FORBIDDEN_MESSAGE,
  requireUser,
  type TCommittee,
  type TCommitteeCreateInput,
  type TCommitteeRef,
  type TCommitteeUpdateInput,
  type TPositionRename,
  type TRequestContext,
} from '@gavel/contracts';
import { isUniqueViolation } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../db/database.js';
import type { Db } from '../db/prisma.js';
import { MembershipEvents } from '../members/membership.events.js';
import { MembershipRepository } from '../members/membership.repository.js';
import { YearService } from '../years/year.service.js';
import { CommitteeEvents } from './committee.events.js';
import { toCommittee } from './committee.mapper.js';
import {
  type CommitteeData,
  CommitteeRepository,
  type CommitteeRow,
  settingsOf,
} from './committee.repository.js';

@Injectable()
export class CommitteeService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(CommitteeRepository) private readonly committees: CommitteeRepository,
    @Inject(YearService) private readonly years: YearService,
    @Inject(CommitteeEvents) private readonly events: CommitteeEvents,
    @Inject(MembershipRepository) private readonly memberships: MembershipRepository,
    @Inject(MembershipEvents) private readonly membershipEvents: MembershipEvents,
  ) {}

  /**
   * GET /api/admin/{year}/committees: any of the six committee-list permissions, or 'create committees'
   * (the copy form picks the committee to copy from this list; the admin home shows it for the six only).
   */
  async listByYear(ctx: TRequestContext, year: number): Promise<TCommittee[]> {
    requireUser(ctx);
    if (!canAny(ctx, 'create committees', ...COMMITTEE_LIST_PERMISSIONS))
      throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    return this.db.transaction(async (tx) =>
      this.present(tx, ctx.tenantId, await this.committees.listByYear(tx, ctx.tenantId, year)),
    );
  }

  /** GET /api/admin/committee/{code}: 'edit committees' or any committee-list permission. */
  async get(ctx: TRequestContext, ref: TCommitteeRef): Promise<TCommittee> {
    requireUser(ctx);
    if (!canViewCommittee(ctx)) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    return this.db.transaction(async (tx) =>
      this.presentOne(tx, ctx.tenantId, await this.resolve(tx, ctx.tenantId, ref)),
    );
  }

  /** POST /api/admin/committee ('create committees'); a year that does not exist yet is recorded. */
  async create(ctx: TRequestContext, input: TCommitteeCreateInput): Promise<TCommittee> {
    requireUser(ctx);
    if (!can(ctx, 'create committees')) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
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

  /**
   * PUT /api/admin/committee/{code} ('edit committees'): replaces the settings; `new_code` renames. The
   * members of a renamed position (`position_renames`) move to its new name in the same transaction, one
   * membership event each, as do the members of a position whose voting right changed and those whose
   * demographic value the save drops; removing a position that members still hold is refused. A save
   * that changes nothing (the form saved untouched) answers the committee as it is, with no write and no
   * event.
   */
  async update(ctx: TRequestContext, input: TCommitteeUpdateInput): Promise<TCommittee> {
    requireUser(ctx);
    if (!can(ctx, 'edit committees')) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    return this.write(async (tx) => {
      const found = await this.resolve(tx, ctx.tenantId, { code: input.code, year: input.year });
      const current = await this.lockForSettings(tx, ctx.tenantId, found);
      const data = toData(input, input.new_code ?? current.code, current.year);
      const moves = positionMoves(current, data, input.position_renames);
      // A save that changes nothing is no change: no write, no event (as for members). Renames that move
      // members (a swap of two names) are a change even when the settings read the same.
      if (moves.size === 0 && sameSettings(current, data)) return this.presentOne(tx, ctx.tenantId, current);
      await this.assertCodeFree(tx, ctx.tenantId, data.code, data.year, current.id);
      if (data.code.toLowerCase() !== current.code.toLowerCase())
        await this.assertAddressesFree(tx, ctx.tenantId, current.id, data.code);
      const merges = renamesOntoKeptPositions(current, moves);
      if (merges.length > 0) {
        const message = merges.join(' ');
        throw new AppError('rule_broken', message, { position_renames: [message] });
      }
      const held = (await this.committees.membersByPosition(tx, ctx.tenantId, [current.id], 'holders')).get(
        current.id,
      );
      const refusals = removedHeldPositions(current, data, moves, held ?? new Map());
      if (refusals.length > 0) {
        const message = refusals.join(' ');
        throw new AppError('rule_broken', message, { voting_rights: [message] });
      }
      const updated = await this.committees.update(tx, ctx.tenantId, current.id, data);
      await this.events.updated(tx, ctx.tenantId, updated);
      // A value no longer offered (or no demographic at all) is cleared, else every later change to its
      // members is refused on it. Before the moves, so a moved member's row below is read cleared.
      const cleared = await this.memberships.clearDemographicsNotIn(
        tx,
        ctx.tenantId,
        current.id,
        data.demographics,
      );
      const moved = await this.memberships.movePositions(tx, ctx.tenantId, current.id, moves);
      // Members whose vote changed with their position's voting right: others keep who votes from events.
      const flipped = votingRightFlipped(current, data, moves);
      const movedIds = new Set(moved.map((m) => m.id));
      const stayed = flipped.size
        ? (await this.memberships.byCommittee(tx, ctx.tenantId, current.id)).filter(
            (m) => flipped.has(m.position) && !movedIds.has(m.id),
          )
        : [];
      // One event per changed member, as it now stands: a later read of the same member replaces an earlier one.
      const changed = new Map([...cleared, ...moved, ...stayed].map((m) => [m.id, m]));
      await this.membershipEvents.allUpdated(tx, ctx.tenantId, [...changed.values()]);
      return this.presentOne(tx, ctx.tenantId, updated);
    });
  }

  /**
   * DELETE /api/admin/committee/{code} ('edit committees'); refused while it has meetings not ended or
   * email votes whose end has not passed (open or scheduled). Its memberships go with it (cascade), each with
   * its membership.deleted event, so that meetings and voting drop them from their read models too. Its
   * ended meetings and email votes stay with their services, unreachable: both drop the committee from the
   * read model they look codes up in (meetings deletes its copy, voting marks it deleted). One created a
   * moment before, which this check could not know of yet, its service drops when the deletion reaches it.
   */
  async delete(ctx: TRequestContext, ref: TCommitteeRef): Promise<{ ok: true }> {
    requireUser(ctx);
    if (!can(ctx, 'edit committees')) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    await this.db.transaction(async (tx) => {
      const found = await this.resolve(tx, ctx.tenantId, ref);
      // Locked before the members are read: one appointed meanwhile would go without its event.
      const current = await this.lockForSettings(tx, ctx.tenantId, found);
      if ((await this.committees.openMeetings(tx, ctx.tenantId, current.id)) > 0) {
        throw new AppError(
          'conflict',
          'The committee has meetings that have not ended and cannot be deleted.',
        );
      }
      if ((await this.committees.openEmailVotes(tx, ctx.tenantId, current.id)) > 0) {
        throw new AppError(
          'conflict',
          'The committee has email votes that have not ended and cannot be deleted.',
        );
      }
      const members = await this.memberships.byCommittee(tx, ctx.tenantId, current.id);
      await this.membershipEvents.allDeleted(tx, ctx.tenantId, members);
      await this.committees.delete(tx, ctx.tenantId, current.id);
      await this.events.deleted(tx, ctx.tenantId, current);
    });
    return { ok: true };
  }

  /** Committees as the API shows them, with their member counts (declined appointments are no members). */
  async present(tx: Db, tenantId: string, rows: CommitteeRow[]): Promise<TCommittee[]> {
    const counts = await this.committees.membersByPosition(
      tx,
      tenantId,
      rows.map((r) => r.id),
      'members',
    );
    return rows.map((r) => toCommittee(r, counts.get(r.id) ?? new Map()));
  }

  async presentOne(tx: Db, tenantId: string, row: CommitteeRow): Promise<TCommittee> {
    return (await this.present(tx, tenantId, [row]))[0] as TCommittee;
  }

  /**
   * The committee a code names (contracts' committeeForCode, the rule meetings and voting resolve it by
   * too): in the given year, that year's, else a term-based one (it serves in every year, as the year's
   * committee list and appointments dashboard have it). Without a year: the one of the current year, else a
   * term-based one, else the most recent year's.
   */
  async resolve(tx: Db, tenantId: string, ref: TCommitteeRef): Promise<CommitteeRow> {
    const rows = await this.committees.findByCode(tx, tenantId, ref.code);
    const currentYear = ref.year === undefined ? (await this.years.current(tx, tenantId))?.year : undefined;
    const found = committeeForCode(rows, { year: ref.year, currentYear });
    if (!found) throw committeeNotFound();
    return found;
  }

  /**
   * The committee a member is appointed to or moved in, locked against a concurrent settings change and
   * read after the lock, so the member's position is checked against the positions that will stand.
   */
  async resolveForMembers(tx: Db, tenantId: string, ref: TCommitteeRef): Promise<CommitteeRow> {
    const found = await this.resolve(tx, tenantId, ref);
    // Gone once the lock is ours: a deletion held it. The same 404 as a code that names no committee.
    const locked = await this.committees.lockForMembers(tx, tenantId, found.id);
    if (!locked) throw committeeNotFound();
    return locked;
  }

  /**
   * The committee of a membership changed by its id (an appointment decision), locked as for appointing
   * a member: a deletion of the committee then runs wholly before or after the change. Null when the
   * committee was deleted while this waited.
   */
  lockForMembersById(tx: Db, tenantId: string, committeeId: string): Promise<CommitteeRow | null> {
    return this.committees.lockForMembers(tx, tenantId, committeeId);
  }

  /** The committee locked for a settings change or its deletion, read after the lock (404 if deleted meanwhile). */
  private async lockForSettings(tx: Db, tenantId: string, found: CommitteeRow): Promise<CommitteeRow> {
    const locked = await this.committees.lockForSettings(tx, tenantId, found.id);
    if (!locked) throw committeeNotFound();
    return locked;
  }

  /**
   * Meetings and email votes are found by committee code and their own code, whatever the year: a rename onto
   * a code another year's committee uses is refused while both have a meeting (or email vote) of one code.
   */
  private async assertAddressesFree(tx: Db, tenantId: string, committeeId: string, code: string) {
    const shared = await this.committees.scheduleCodesSharedWith(tx, tenantId, committeeId, code);
    const named = (what: string, codes: string[]) =>
      codes.length === 0 ? [] : [`${what}${codes.length > 1 ? 's' : ''} ${codes.join(', ')}`];
    const clashes = [...named('meeting', shared.meetings), ...named('email vote', shared.emailVotes)];
    if (clashes.length === 0) return;
    const message = `Another committee with the code ${code} also has the ${clashes.join(' and ')}: both would have one address. Change those codes first.`;
    throw new AppError('conflict', message, { code: [message] });
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

/** The 404 of a code that names no committee, or of one deleted while the request waited for it. */
function committeeNotFound(): AppError {
  return new AppError('not_found', 'Committee not found.');
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

/**
 * True when a save would write what the committee already has: every setting, the code exactly (a change
 * of case is a rename), and the positions and demographic values in the same order (their display order).
 * `data` is already normalised as it would be written (trimmed by the schema, '' chair as null, the
 * demographic name and values dropped without a demographic), so the settings form's untouched save is equal.
 */
export function sameSettings(current: CommitteeRow, data: CommitteeData): boolean {
  return isDeepStrictEqual(settingsOf(current), data);
}

/**
 * Old position → new position for the renames of a save: only positions the committee has, actually
 * renamed (the schema has checked that each new name is one of the saved positions).
 */
export function positionMoves(
  current: Pick<CommitteeRow, 'positions'>,
  data: Pick<CommitteeData, 'positions'>,
  renames: readonly TPositionRename[],
): Map<string, string> {
  const had = new Set(current.positions.map((p) => p.position));
  const has = new Set(data.positions.map((p) => p.position));
  const moves = new Map<string, string>();
  for (const { from, to } of renames) {
    if (had.has(from) && from !== to && has.has(to)) moves.set(from, to);
  }
  return moves;
}

/**
 * Renames onto a position the committee already has and keeps (not itself renamed away, as in a swap):
 * its members would be merged with another position's, which no form offers.
 */
export function renamesOntoKeptPositions(
  current: Pick<CommitteeRow, 'positions'>,
  moves: ReadonlyMap<string, string>,
): string[] {
  const had = new Set(current.positions.map((p) => p.position));
  return [...moves]
    .filter(([, to]) => had.has(to) && !moves.has(to))
    .map(
      ([from, to]) => `The position '${from}' cannot be renamed to '${to}', which the committee already has.`,
    );
}

/** Positions that keep their name (and members) but whose voting right the save changes. */
export function votingRightFlipped(
  current: Pick<CommitteeRow, 'positions'>,
  data: Pick<CommitteeData, 'positions'>,
  moves: ReadonlyMap<string, string>,
): Set<string> {
  const was = new Map(current.positions.map((p) => [p.position, p.isVoting]));
  const out = new Set<string>();
  for (const { position, isVoting } of data.positions) {
    if (!moves.has(position) && was.has(position) && was.get(position) !== isVoting) out.add(position);
  }
  return out;
}

/** Why the save may not remove positions: one sentence per removed (not renamed) position members hold. */
export function removedHeldPositions(
  current: Pick<CommitteeRow, 'positions'>,
  data: Pick<CommitteeData, 'positions'>,
  moves: ReadonlyMap<string, string>,
  membersByPosition: ReadonlyMap<string, number>,
): string[] {
  const kept = new Set(data.positions.map((p) => p.position));
  const out: string[] = [];
  for (const { position } of current.positions) {
    const n = membersByPosition.get(position) ?? 0;
    if (n === 0 || kept.has(position) || moves.has(position)) continue;
    const who = n === 1 ? '1 member holds' : `${n} members hold`;
    out.push(`${who} the position '${position}'. Move them to another position before removing it.`);
  }
  return out;
}
