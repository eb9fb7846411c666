import { Injectable } from '@nestjs/common';
import { type Db, Prisma } from '../db/prisma.js';
import type { Motion } from '../generated/prisma/client.js';

export type MotionRow = Motion;

export interface MotionData {
  name: string;
  body: string | null;
  description: string | null;
  resultVisibility: string;
  motionResponses: string[];
  motionFilter: (string | null)[] | null;
  maximumResponses: number;
  voteType: string;
}

/** The only place that reads and writes motions. */
@Injectable()
export class MotionRepository {
  list(
    db: Db,
    tenantId: string,
    scope: { meetingId: string | null; emailVoteId: string | null },
  ): Promise<MotionRow[]> {
    return db.motion.findMany({
      where: scope.meetingId
        ? { tenantId, meetingId: scope.meetingId }
        : { tenantId, emailVoteId: scope.emailVoteId },
      orderBy: [{ sort: 'asc' }, { createdAt: 'asc' }],
    });
  }

  find(db: Db, tenantId: string, id: string): Promise<MotionRow | null> {
    return db.motion.findUnique({ where: { tenantId_id: { tenantId, id } } });
  }

  async nextSort(
    db: Db,
    tenantId: string,
    scope: { meetingId: string | null; emailVoteId: string | null },
    parentId: string | null,
  ): Promise<number> {
    const agg = await db.motion.aggregate({
      where: {
        tenantId,
        amendmentParentId: parentId,
        ...(scope.meetingId ? { meetingId: scope.meetingId } : { emailVoteId: scope.emailVoteId }),
      },
      _max: { sort: true },
    });
    return (agg._max.sort ?? -1) + 1;
  }

  create(
    db: Db,
    data: MotionData & {
      tenantId: string;
      committeeId: string;
      meetingId: string | null;
      emailVoteId: string | null;
      amendmentParentId: string | null;
      sort: number;
    },
  ): Promise<MotionRow> {
    return db.motion.create({ data: { ...data, motionFilter: data.motionFilter ?? Prisma.DbNull } });
  }

  update(
    db: Db,
    tenantId: string,
    id: string,
    data: Partial<MotionData> & Record<string, unknown>,
  ): Promise<MotionRow> {
    const { motionFilter, ...rest } = data;
    return db.motion.update({
      where: { tenantId_id: { tenantId, id } },
      data: {
        ...rest,
        ...(motionFilter !== undefined ? { motionFilter: motionFilter ?? Prisma.DbNull } : {}),
      },
    });
  }

  setVote(
    db: Db,
    tenantId: string,
    id: string,
    data: {
      amendmentVoteId?: string | null;
      motionVoteId?: string | null;
      amendmentApproved?: boolean | null;
      motionApproved?: boolean | null;
    },
  ): Promise<MotionRow> {
    return db.motion.update({ where: { tenantId_id: { tenantId, id } }, data });
  }

  async deleteMany(db: Db, tenantId: string, ids: string[]): Promise<void> {
    await db.motion.deleteMany({ where: { tenantId, id: { in: ids } } });
  }

  async setSort(db: Db, tenantId: string, ids: string[]): Promise<void> {
    await db.$executeRawUnsafe(
      `UPDATE "voting".motions m SET sort = o.ord - 1, updated_at = now()
       FROM unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord)
       WHERE m.tenant_id = $1::uuid AND m.id = o.id`,
      tenantId,
      ids,
    );
  }
}
