import { lockKey, lockRow, sameCode } from '@gavel/service-kit';
import { Injectable } from '@nestjs/common';
import { COMMITTEES_SCHEMA, type Db, type Prisma } from '../db/prisma.js';

const committeeInclude = {
  positions: { orderBy: { sort: 'asc' }, select: { position: true, isVoting: true } },
  demographics: { orderBy: { sort: 'asc' }, select: { value: true } },
} satisfies Prisma.CommitteeInclude;

export type CommitteeRow = Prisma.CommitteeGetPayload<{ include: typeof committeeInclude }>;

/** A year's committees: its own and the term-based ones (they serve in every year). */
export const inYear = (year: number) =>
  ({ OR: [{ year }, { year: null }] }) satisfies Prisma.CommitteeWhereInput;

/** A year's committees in list order: its own first, then the term-based ones; each by name. */
export const yearOrder = [
  { year: { sort: 'asc', nulls: 'last' } },
  { name: 'asc' },
] satisfies Prisma.CommitteeOrderByWithRelationInput[];

/** The committee's settings as the service writes them. */
export interface CommitteeData {
  name: string;
  code: string;
  year: number | null;
  quorum: number | null;
  twoThirdsVote: boolean;
  chairPosition: string | null;
  vchairPosition: string | null;
  hasDemographic: boolean;
  demographicName: string | null;
  demographicIsDisplayed: boolean;
  demographicMotionFilterable: boolean;
  demographicDisplayPrepend: boolean;
  positions: { position: string; isVoting: boolean }[];
  demographics: string[];
}

/** A committee's settings as they stand, in the shape a save writes them. */
export function settingsOf(row: CommitteeRow): CommitteeData {
  return {
    name: row.name,
    code: row.code,
    year: row.year,
    quorum: row.quorum,
    twoThirdsVote: row.twoThirdsVote,
    chairPosition: row.chairPosition,
    vchairPosition: row.vchairPosition,
    hasDemographic: row.hasDemographic,
    demographicName: row.demographicName,
    demographicIsDisplayed: row.demographicIsDisplayed,
    demographicMotionFilterable: row.demographicMotionFilterable,
    demographicDisplayPrepend: row.demographicDisplayPrepend,
    positions: row.positions.map((p) => ({ position: p.position, isVoting: p.isVoting })),
    demographics: row.demographics.map((d) => d.value),
  };
}

/** The only place that reads and writes committees, their positions and demographic values. */
@Injectable()
export class CommitteeRepository {
  /** A year's committees, then the term-based ones (they serve in every year). */
  listByYear(db: Db, tenantId: string, year: number): Promise<CommitteeRow[]> {
    return db.committee.findMany({
      where: { tenantId, ...inYear(year) },
      include: committeeInclude,
      orderBy: [...yearOrder, { code: 'asc' }],
    });
  }

  /** Every committee of the tenant with this code (any year or term), newest year first. */
  findByCode(db: Db, tenantId: string, code: string): Promise<CommitteeRow[]> {
    return db.committee.findMany({
      where: { tenantId, code: sameCode(code) },
      include: committeeInclude,
      orderBy: { year: { sort: 'desc', nulls: 'last' } },
    });
  }

  findByGuid(db: Db, tenantId: string, guid: string): Promise<CommitteeRow | null> {
    return db.committee.findUnique({
      where: { tenantId_guid: { tenantId, guid } },
      include: committeeInclude,
    });
  }

  /**
   * True when another committee of the tenant holds the code where the new one would serve. A term-based
   * committee serves in every year (a year's list and dashboard include it, and its link resolves by code),
   * so it takes its code from every year-based committee, and a year's committee takes it from term-based
   * ones. Run inside the writing transaction: it locks the code until commit, so two creations racing
   * for it cannot both pass (the unique index alone only covers one year, or the term-based ones).
   */
  async codeTaken(
    db: Db,
    tenantId: string,
    code: string,
    year: number | null,
    exceptId?: string,
  ): Promise<boolean> {
    await lockKey(db, `committee-code:${tenantId}:${code.toLowerCase()}`);
    const found = await db.committee.findFirst({
      where: {
        tenantId,
        code: sameCode(code),
        ...(year === null ? {} : { OR: [{ year }, { year: null }] }),
        ...(exceptId ? { NOT: { id: exceptId } } : {}),
      },
      select: { id: true },
    });
    return !!found;
  }

  async create(db: Db, tenantId: string, data: CommitteeData): Promise<CommitteeRow> {
    const { positions, demographics, ...fields } = data;
    const { id } = await db.committee.create({ data: { tenantId, ...fields }, select: { id: true } });
    await this.writeLists(db, tenantId, id, positions, demographics);
    return this.byId(db, tenantId, id);
  }

  async update(db: Db, tenantId: string, id: string, data: CommitteeData): Promise<CommitteeRow> {
    const { positions, demographics, ...fields } = data;
    await db.committeePosition.deleteMany({ where: { tenantId, committeeId: id } });
    await db.committeeDemographic.deleteMany({ where: { tenantId, committeeId: id } });
    await db.committee.updateMany({ where: { tenantId, id }, data: fields });
    await this.writeLists(db, tenantId, id, positions, demographics);
    return this.byId(db, tenantId, id);
  }

  /**
   * Locks the committee for a settings change (FOR UPDATE) and reads it as it now stands. Every change to
   * a member (appointing, moving, removing, deciding) takes the key-share lock first (`lockForMembers`), so
   * a member can neither land on a position being renamed or removed, nor be checked against positions
   * about to change, and a deletion reads the members as they stand. Null when the committee was deleted
   * while this waited for the lock.
   */
  async lockForSettings(db: Db, tenantId: string, id: string): Promise<CommitteeRow | null> {
    return (await this.lock(db, tenantId, id, 'UPDATE')) ? this.byId(db, tenantId, id) : null;
  }

  /**
   * Locks the committee against settings changes and its deletion while a member is appointed, moved,
   * removed or has their appointment decided, and reads its positions as they now stand. FOR KEY SHARE is
   * what the membership's foreign key takes anyway: members being appointed at once do not wait for each
   * other, only for a settings change. Null when the committee was deleted while this waited for the lock.
   */
  async lockForMembers(db: Db, tenantId: string, id: string): Promise<CommitteeRow | null> {
    return (await this.lock(db, tenantId, id, 'KEY SHARE')) ? this.byId(db, tenantId, id) : null;
  }

  /** False when the row is gone: a lock that waited for a deletion finds nothing once it commits. */
  private lock(db: Db, tenantId: string, id: string, mode: 'UPDATE' | 'KEY SHARE'): Promise<boolean> {
    return lockRow(db, `"${COMMITTEES_SCHEMA}".committees`, tenantId, id, mode);
  }

  private byId(db: Db, tenantId: string, id: string): Promise<CommitteeRow> {
    return db.committee.findUniqueOrThrow({
      where: { tenantId_id: { tenantId, id } },
      include: committeeInclude,
    });
  }

  private async writeLists(
    db: Db,
    tenantId: string,
    committeeId: string,
    positions: CommitteeData['positions'],
    demographics: string[],
  ): Promise<void> {
    await db.committeePosition.createMany({
      data: positions.map((p, sort) => ({ tenantId, committeeId, ...p, sort })),
    });
    await db.committeeDemographic.createMany({
      data: demographics.map((value, sort) => ({ tenantId, committeeId, value, sort })),
    });
  }

  /**
   * How many members each committee has per position, counted in SQL: a convention's committee has
   * thousands, and loading them all for a count made every committee call cost as much as the list.
   * `members` leaves declined appointments out, as meetings and voting do (a declined appointee neither
   * attends nor votes); `holders` counts every appointment that holds the position.
   */
  async membersByPosition(
    db: Db,
    tenantId: string,
    committeeIds: string[],
    count: 'members' | 'holders',
  ): Promise<Map<string, Map<string, number>>> {
    const groups = await db.membership.groupBy({
      by: ['committeeId', 'position'],
      where: {
        tenantId,
        committeeId: { in: committeeIds },
        ...(count === 'members' ? { appointmentStatus: { not: 'Declined' } } : {}),
      },
      _count: { _all: true },
    });
    const out = new Map<string, Map<string, number>>();
    for (const g of groups) {
      const counts = out.get(g.committeeId) ?? new Map<string, number>();
      counts.set(g.position, g._count._all);
      out.set(g.committeeId, counts);
    }
    return out;
  }

  /** Meetings of the committee that have not ended (from the meetings read model). */
  openMeetings(db: Db, tenantId: string, committeeId: string): Promise<number> {
    return db.committeeMeeting.count({ where: { tenantId, committeeId, NOT: { status: 'ended' } } });
  }

  /**
   * The meeting and email-vote codes `committeeId` has that another committee of `code` (any year) has too,
   * compared as codes are (case aside): were the committee renamed to `code`, each would be two meetings
   * (or votes) at one address.
   */
  async scheduleCodesSharedWith(
    db: Db,
    tenantId: string,
    committeeId: string,
    code: string,
  ): Promise<{ meetings: string[]; emailVotes: string[] }> {
    const shared = (table: string) => `
      SELECT DISTINCT mine.code FROM "${COMMITTEES_SCHEMA}".${table} mine
      WHERE mine.tenant_id = $1::uuid AND mine.committee_id = $2::uuid AND mine.code <> '' AND EXISTS (
        SELECT 1 FROM "${COMMITTEES_SCHEMA}".${table} theirs
        JOIN "${COMMITTEES_SCHEMA}".committees c ON c.tenant_id = theirs.tenant_id AND c.id = theirs.committee_id
        WHERE theirs.tenant_id = $1::uuid AND c.id <> $2::uuid AND lower(c.code) = lower($3)
          AND lower(theirs.code) = lower(mine.code))
      ORDER BY mine.code`;
    const codes = async (table: string) =>
      (await db.$queryRawUnsafe<{ code: string }[]>(shared(table), tenantId, committeeId, code)).map(
        (r) => r.code,
      );
    return { meetings: await codes('committee_meetings'), emailVotes: await codes('committee_email_votes') };
  }

  /** Email votes of the committee whose end has not passed, open or scheduled (email votes read model). */
  openEmailVotes(db: Db, tenantId: string, committeeId: string, now = new Date()): Promise<number> {
    return db.committeeEmailVote.count({ where: { tenantId, committeeId, end: { gt: now } } });
  }

  async delete(db: Db, tenantId: string, id: string): Promise<void> {
    await db.committee.deleteMany({ where: { tenantId, id } });
  }
}
