import {
  AppError,
  COMMITTEE_LIST_PERMISSIONS,
  can,
  canAny,
  canViewCommittee,
  DECISION_STATUS,
  FORBIDDEN_MESSAGE,
  requireUser,
  type TAppointment,
  type TAppointmentDecisionInput,
  type TAppointmentGroup,
  type TCommitteeRef,
  type TMemberCreateInput,
  type TMemberRef,
  type TMembership,
  type TMemberUpdateInput,
  type TMyAppointment,
  type TOwnAppointmentDecisionInput,
  type TRequestContext,
} from '@gavel/contracts';
import { isUniqueViolation, isUuid } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { CommitteeRow } from '../committees/committee.repository.js';
import { CommitteeService } from '../committees/committee.service.js';
import { Database } from '../db/database.js';
import type { Db } from '../db/prisma.js';
import { YearRepository } from '../years/year.repository.js';
import { MembershipEvents } from './membership.events.js';
import { groupByUser, toAppointment, toMembership, toMyAppointment } from './membership.mapper.js';
import { MembershipRepository, type MembershipRow } from './membership.repository.js';

@Injectable()
export class MembershipService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MembershipRepository) private readonly memberships: MembershipRepository,
    @Inject(CommitteeService) private readonly committees: CommitteeService,
    @Inject(YearRepository) private readonly years: YearRepository,
    @Inject(MembershipEvents) private readonly events: MembershipEvents,
  ) {}

  /** GET /api/admin/committee/{code}/members: as reading the committee. */
  async list(ctx: TRequestContext, ref: TCommitteeRef): Promise<TMembership[]> {
    requireUser(ctx);
    if (!canViewCommittee(ctx)) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    const rows = await this.db.transaction(async (tx) => {
      const committee = await this.committees.resolve(tx, ctx.tenantId, ref);
      return this.memberships.byCommittee(tx, ctx.tenantId, committee.id);
    });
    return rows.map(toMembership);
  }

  /**
   * POST /api/admin/committee/{code}/member ('edit committees'; a status other than Tentative also
   * 'modify appointment acceptances').
   */
  async add(ctx: TRequestContext, input: TMemberCreateInput): Promise<TMembership> {
    requireUser(ctx);
    if (!can(ctx, 'edit committees')) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    // An appointment starts Tentative; accepting or declining it is the deciders' (spec section 4).
    if (input.appointment_status !== 'Tentative') requireDecider(ctx);
    const row = await this.write(async (tx) => {
      const committee = await this.committees.resolveForMembers(tx, ctx.tenantId, input);
      if (!isUuid(input.user_id) || !(await this.memberships.userExists(tx, ctx.tenantId, input.user_id))) {
        throw new AppError('rule_broken', 'The selected user is not known.', {
          user_id: ['The selected user is not known.'],
        });
      }
      const demographic = checkSettings(committee, input.position, input.demographic ?? null);
      if (await this.memberships.isMember(tx, ctx.tenantId, committee.id, input.user_id))
        throw alreadyMember();
      const created = await this.memberships.create(tx, ctx.tenantId, {
        committeeId: committee.id,
        userId: input.user_id,
        position: input.position,
        demographic,
        appointmentStatus: input.appointment_status,
      });
      await this.events.created(tx, ctx.tenantId, created);
      return created;
    });
    return toMembership(row);
  }

  /**
   * PUT /api/admin/committee/{code}/member/{id} ('edit committees'; a changed appointment status also
   * 'modify appointment acceptances').
   */
  async update(ctx: TRequestContext, input: TMemberUpdateInput): Promise<TMembership> {
    requireUser(ctx);
    if (!can(ctx, 'edit committees')) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    const row = await this.db.transaction(async (tx) => {
      const { committee, member } = await this.memberOf(tx, ctx.tenantId, input);
      const status = input.appointment_status;
      if (status !== undefined && status !== member.appointmentStatus) requireDecider(ctx);
      const position = input.position ?? member.position;
      const demographic = checkSettings(
        committee,
        position,
        input.demographic === undefined ? member.demographic : input.demographic,
      );
      const unchanged =
        position === member.position &&
        demographic === member.demographic &&
        (status === undefined || status === member.appointmentStatus);
      if (unchanged) return member; // a save that changes nothing is no change: no write, no event
      const updated = await this.memberships.update(tx, ctx.tenantId, member.id, {
        position,
        demographic,
        appointmentStatus: input.appointment_status,
      });
      await this.events.updated(tx, ctx.tenantId, updated);
      return updated;
    });
    return toMembership(row);
  }

  /** DELETE /api/admin/committee/{code}/member/{id} ('edit committees'). */
  async remove(ctx: TRequestContext, input: TMemberRef): Promise<{ ok: true }> {
    requireUser(ctx);
    if (!can(ctx, 'edit committees')) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    await this.db.transaction(async (tx) => {
      const { member } = await this.memberOf(tx, ctx.tenantId, input);
      await this.memberships.delete(tx, ctx.tenantId, member.id);
      await this.events.deleted(tx, ctx.tenantId, member);
    });
    return { ok: true };
  }

  /**
   * GET /api/admin/appointments/dashboard/{year}: the appointments of the year's committees, term-based
   * ones included (as the year's committee list has them); for deciders and committee-list holders.
   */
  async dashboard(ctx: TRequestContext, year: number): Promise<TAppointmentGroup[]> {
    requireUser(ctx);
    if (!canAny(ctx, 'modify appointment acceptances', ...COMMITTEE_LIST_PERMISSIONS)) {
      throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    }
    return groupByUser(await this.db.transaction((tx) => this.memberships.byYear(tx, ctx.tenantId, year)));
  }

  /** PUT /api/admin/appointments/member/{id} ('modify appointment acceptances'). */
  async decide(ctx: TRequestContext, input: TAppointmentDecisionInput): Promise<TAppointment> {
    requireUser(ctx);
    if (!can(ctx, 'modify appointment acceptances')) throw new AppError('forbidden', FORBIDDEN_MESSAGE);
    return toAppointment(await this.setStatus(ctx.tenantId, input.id, DECISION_STATUS[input.decision]));
  }

  /** GET /api/me/committees: the signed-in user's appointments in the current year, term-based ones included. */
  async mine(ctx: TRequestContext): Promise<TMyAppointment[]> {
    requireUser(ctx);
    const userId = ctx.userId as string;
    if (!isUuid(userId)) return [];
    const rows = await this.db.transaction(async (tx) => {
      // No current year means no year-based committees yet: the term-based ones still count.
      const current = await this.years.current(tx, ctx.tenantId);
      return this.memberships.byUserInYear(tx, ctx.tenantId, userId, current?.year ?? null);
    });
    return rows.map(toMyAppointment);
  }

  /** PUT /api/me/appointments/{id}: a member accepts or declines their own tentative appointment. */
  async decideOwn(ctx: TRequestContext, input: TOwnAppointmentDecisionInput): Promise<TMyAppointment> {
    requireUser(ctx);
    const row = await this.db.transaction(async (tx) => {
      const member = await this.lockedById(tx, ctx.tenantId, input.id);
      if (!member || member.userId !== ctx.userId) throw new AppError('not_found', 'Appointment not found.');
      if (member.appointmentStatus !== 'Tentative') {
        throw new AppError('rule_broken', 'Only a tentative appointment can be accepted or declined.');
      }
      const updated = await this.memberships.update(tx, ctx.tenantId, member.id, {
        appointmentStatus: DECISION_STATUS[input.decision],
      });
      await this.events.updated(tx, ctx.tenantId, updated);
      return updated;
    });
    return toMyAppointment(row);
  }

  private setStatus(tenantId: string, id: string, status: MembershipRow['appointmentStatus']) {
    return this.db.transaction(async (tx) => {
      const member = await this.lockedById(tx, tenantId, id);
      if (!member) throw new AppError('not_found', 'Appointment not found.');
      if (member.appointmentStatus === status) return member;
      const updated = await this.memberships.update(tx, tenantId, id, {
        appointmentStatus: status as TMembership['appointment_status'],
      });
      await this.events.updated(tx, tenantId, updated);
      return updated;
    });
  }

  /**
   * The member of the committee named, locked and read after the committee is locked (KEY SHARE): against
   * a settings change while the member's position may change, and against the committee's deletion,
   * which then runs wholly before (404 Committee not found) or after the change (and reads the member as
   * changed, or removed: one membership.deleted each). The member's own lock orders changes to it: a
   * second removal, or a change after a removal, finds it gone (404 Member not found).
   */
  private async memberOf(tx: Db, tenantId: string, ref: TMemberRef) {
    const committee = await this.committees.resolveForMembers(tx, tenantId, ref);
    const member = isUuid(ref.id) ? await this.memberships.lockById(tx, tenantId, ref.id) : null;
    if (!member || member.committeeId !== committee.id) throw new AppError('not_found', 'Member not found.');
    return { committee, member };
  }

  /**
   * A membership by id (an appointment being decided), locked and read again once its committee is locked
   * as for appointing a member: the committee's deletion runs wholly before the decision (which finds the
   * appointment gone) or after it (its membership.deleted carrying the decision), and a removal or another
   * decision of the same member wholly before or after it. Null when gone.
   */
  private async lockedById(tx: Db, tenantId: string, id: string): Promise<MembershipRow | null> {
    const seen = isUuid(id) ? await this.memberships.byId(tx, tenantId, id) : null;
    if (!seen || !(await this.committees.lockForMembersById(tx, tenantId, seen.committeeId))) return null;
    return this.memberships.lockById(tx, tenantId, id);
  }

  private async write<R>(fn: (tx: Db) => Promise<R>): Promise<R> {
    try {
      return await this.db.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw alreadyMember();
      throw err;
    }
  }
}

/** Accepting, resetting or declining an appointment: 'modify appointment acceptances' (spec section 6). */
function requireDecider(ctx: TRequestContext): void {
  if (!can(ctx, 'modify appointment acceptances')) {
    throw new AppError('forbidden', 'You are not allowed to accept or decline appointments.');
  }
}

function alreadyMember(): AppError {
  return new AppError('conflict', 'The user is already a member of this committee.', {
    user_id: ['The user is already a member of this committee.'],
  });
}

/** The position must be one of the committee's; the demographic one of its values (or none). */
function checkSettings(committee: CommitteeRow, position: string, demographic: string | null): string | null {
  if (!committee.positions.some((p) => p.position === position)) {
    throw new AppError('rule_broken', 'The selected position is not one of the committee positions.', {
      position: ['The selected position is not one of the committee positions.'],
    });
  }
  if (!demographic) return null;
  if (!committee.hasDemographic || !committee.demographics.some((d) => d.value === demographic)) {
    throw new AppError('rule_broken', 'The selected demographic is not one of the committee values.', {
      demographic: ['The selected demographic is not one of the committee values.'],
    });
  }
  return demographic;
}
