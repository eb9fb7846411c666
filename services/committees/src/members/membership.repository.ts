import type { TAppointmentStatus } from '@gavel/contracts';
import { lockRow } from '@gavel/service-kit';
import { Injectable } from '@nestjs/common';
import { v5 as uuidV5 } from 'uuid';
import { inYear, yearOrder } from '../committees/committee.repository.js';
import { COMMITTEES_SCHEMA, type Db, type Prisma } from '../db/prisma.js';

const membershipInclude = {
  user: true,
  committee: {
    select: {
      id: true,
      name: true,
      code: true,
      year: true,
      quorum: true,
      chairPosition: true,
      vchairPosition: true,
      positions: { select: { position: true, isVoting: true } },
    },
  },
} satisfies Prisma.MembershipInclude;

export type MembershipRow = Prisma.MembershipGetPayload<{ include: typeof membershipInclude }>;

const byUser = [
  { user: { lastName: 'asc' } },
  { user: { firstName: 'asc' } },
] satisfies Prisma.MembershipOrderByWithRelationInput[];

/** A year's memberships by committee as the year's committee list has them (term-based ones last). */
const byCommitteeInYear = yearOrder.map((committee) => ({ committee }));

/** The namespace of membership ids (a fixed, random uuid: ids never clash with other name-based ones). */
const MEMBERSHIP_ID_NAMESPACE = '5b0f4a6e-2f7c-4c55-9a43-1f4d2e8b7c10';

/**
 * A membership's id follows from its committee and user: an appointment removed and made again is the same
 * membership to the services that keep copies of it, so a delegate re-appointed mid-meeting is still the one
 * checked in, and keeps the ballot they cast in an open vote instead of being given a second one.
 */
export function membershipId(committeeId: string, userId: string): string {
  return uuidV5(`${committeeId}:${userId}`, MEMBERSHIP_ID_NAMESPACE);
}

/** The only place that reads and writes memberships and the member users read model. */
@Injectable()
export class MembershipRepository {
  userExists(db: Db, tenantId: string, userId: string): Promise<boolean> {
    return db.memberUser
      .findUnique({ where: { tenantId_id: { tenantId, id: userId } }, select: { id: true } })
      .then((u) => !!u);
  }

  byId(db: Db, tenantId: string, id: string): Promise<MembershipRow | null> {
    return db.membership.findUnique({ where: { tenantId_id: { tenantId, id } }, include: membershipInclude });
  }

  /**
   * Locks the membership (FOR UPDATE) and reads it as it now stands: changes to one member run one after
   * the other, each seeing what the previous one did (a second removal finds it gone). Taken after its
   * committee's lock, the order every writer of memberships takes them in. Null when it is gone.
   */
  async lockById(db: Db, tenantId: string, id: string): Promise<MembershipRow | null> {
    const locked = await lockRow(db, `"${COMMITTEES_SCHEMA}".memberships`, tenantId, id, 'UPDATE');
    return locked ? this.byId(db, tenantId, id) : null;
  }

  byCommittee(db: Db, tenantId: string, committeeId: string): Promise<MembershipRow[]> {
    return db.membership.findMany({
      where: { tenantId, committeeId },
      include: membershipInclude,
      orderBy: byUser,
    });
  }

  /** The memberships of the year's committees, term-based ones included (as the committee list has them). */
  byYear(db: Db, tenantId: string, year: number): Promise<MembershipRow[]> {
    return db.membership.findMany({
      where: { tenantId, committee: inYear(year) },
      include: membershipInclude,
      orderBy: [...byUser, ...byCommitteeInYear],
    });
  }

  /** One user's memberships of the year's committees, term-based ones included. */
  /** The user's appointments in a year, term-based ones included; only those when `year` is null. */
  byUserInYear(db: Db, tenantId: string, userId: string, year: number | null): Promise<MembershipRow[]> {
    return db.membership.findMany({
      where: { tenantId, userId, committee: year === null ? { year: null } : inYear(year) },
      include: membershipInclude,
      orderBy: byCommitteeInYear,
    });
  }

  async isMember(db: Db, tenantId: string, committeeId: string, userId: string): Promise<boolean> {
    return !!(await db.membership.findFirst({
      where: { tenantId, committeeId, userId },
      select: { id: true },
    }));
  }

  async create(
    db: Db,
    tenantId: string,
    data: {
      committeeId: string;
      userId: string;
      position: string;
      demographic: string | null;
      appointmentStatus: TAppointmentStatus;
    },
  ): Promise<MembershipRow> {
    const id = membershipId(data.committeeId, data.userId);
    await db.membership.create({ data: { id, tenantId, ...data }, select: { id: true } });
    return (await this.byId(db, tenantId, id)) as MembershipRow;
  }

  /**
   * Appoints every member of one committee to another, on the same positions and demographic values, as
   * Tentative (a committee's copy), in one statement whatever their number; answers the new memberships.
   */
  async copyMembers(
    db: Db,
    tenantId: string,
    fromCommitteeId: string,
    toCommitteeId: string,
  ): Promise<MembershipRow[]> {
    const from = await db.membership.findMany({
      where: { tenantId, committeeId: fromCommitteeId },
      select: { userId: true },
    });
    const users = from.map((m) => m.userId);
    await db.$executeRawUnsafe(
      `INSERT INTO "${COMMITTEES_SCHEMA}".memberships
         (id, tenant_id, committee_id, user_id, position, demographic, appointment_status)
       SELECT n.id, m.tenant_id, $3::uuid, m.user_id, m.position, m.demographic, 'Tentative'
         FROM "${COMMITTEES_SCHEMA}".memberships m
         JOIN unnest($4::uuid[], $5::uuid[]) AS n(id, user_id) ON n.user_id = m.user_id
        WHERE m.tenant_id = $1::uuid AND m.committee_id = $2::uuid`,
      tenantId,
      fromCommitteeId,
      toCommitteeId,
      users.map((user) => membershipId(toCommitteeId, user)),
      users,
    );
    return this.byCommittee(db, tenantId, toCommitteeId);
  }

  async update(
    db: Db,
    tenantId: string,
    id: string,
    data: { position?: string; demographic?: string | null; appointmentStatus?: TAppointmentStatus },
  ): Promise<MembershipRow> {
    await db.membership.updateMany({ where: { tenantId, id }, data });
    return (await this.byId(db, tenantId, id)) as MembershipRow;
  }

  /**
   * Moves the committee's members from each old position to its new one (`moves`: old → new) in one
   * statement, so swapped names trade their members; returns the moved memberships as they now are.
   */
  async movePositions(
    db: Db,
    tenantId: string,
    committeeId: string,
    moves: ReadonlyMap<string, string>,
  ): Promise<MembershipRow[]> {
    if (moves.size === 0) return [];
    const moved = await db.$queryRawUnsafe<{ id: string }[]>(
      `UPDATE "${COMMITTEES_SCHEMA}".memberships m
          SET position = mv.to_position, updated_at = now()
         FROM unnest($3::text[], $4::text[]) AS mv(from_position, to_position)
        WHERE m.tenant_id = $1::uuid AND m.committee_id = $2::uuid AND m.position = mv.from_position
        RETURNING m.id::text AS id`,
      tenantId,
      committeeId,
      [...moves.keys()],
      [...moves.values()],
    );
    return this.byIds(
      db,
      tenantId,
      moved.map((r) => r.id),
    );
  }

  /**
   * Clears the demographic of the committee's members whose value the committee no longer offers
   * (`offered`; empty when it has no demographic), else every later change to them is refused on it;
   * returns the cleared memberships as they now are.
   */
  async clearDemographicsNotIn(
    db: Db,
    tenantId: string,
    committeeId: string,
    offered: readonly string[],
  ): Promise<MembershipRow[]> {
    const cleared = await db.membership.updateManyAndReturn({
      where: { tenantId, committeeId, demographic: { not: null, notIn: [...offered] } },
      data: { demographic: null },
      select: { id: true },
    });
    return this.byIds(
      db,
      tenantId,
      cleared.map((r) => r.id),
    );
  }

  private async byIds(db: Db, tenantId: string, ids: string[]): Promise<MembershipRow[]> {
    if (ids.length === 0) return [];
    return db.membership.findMany({
      where: { tenantId, id: { in: ids } },
      include: membershipInclude,
      orderBy: byUser,
    });
  }

  async delete(db: Db, tenantId: string, id: string): Promise<void> {
    await db.membership.deleteMany({ where: { tenantId, id } });
  }
}
