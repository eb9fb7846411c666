import type { TMotion } from '@gavel/contracts';
import { type ApprovalContext, findActiveVote, type VoteRecord } from '@gavel/voting-rules';
import { Inject, Injectable } from '@nestjs/common';
import type { Db } from '../db/prisma.js';
import type { Scope } from '../scope/scope.service.js';
import { EMPTY_COUNTS, toVoteRecord, type VoteCounts } from '../votes/vote.mapper.js';
import { VoteRepository, type VoteRow } from '../votes/vote.repository.js';
import { toMotion } from './motion.mapper.js';
import { MotionRepository, type MotionRow } from './motion.repository.js';

/** Everything the rules need about a meeting's or email vote's motions and votes at one instant. */
export interface VotingState {
  scope: Scope;
  now: Date;
  rows: MotionRow[];
  motions: TMotion[];
  votes: VoteRow[];
  counts: Map<string, VoteCounts>;
  records: VoteRecord[];
  activeVote: VoteRow | null;
  approval: ApprovalContext;
}

@Injectable()
export class VotingStateLoader {
  constructor(
    @Inject(MotionRepository) private readonly motions: MotionRepository,
    @Inject(VoteRepository) private readonly votes: VoteRepository,
  ) {}

  async load(db: Db, scope: Scope, now = new Date()): Promise<VotingState> {
    const [rows, votes] = await Promise.all([
      this.motions.list(db, scope.tenantId, scope),
      this.votes.list(db, scope.tenantId, scope),
    ]);
    const counts = await this.votes.counts(
      db,
      scope.tenantId,
      votes.map((v) => v.id),
    );
    const records = votes.map((v) => toVoteRecord(v, counts.get(v.id) ?? EMPTY_COUNTS));
    // Email votes run side by side over the whole window: no single "active vote" blocks the others.
    const activeVote =
      scope.kind === 'meeting' ? (findActiveVote(votes.map(asTimes), now)?.row ?? null) : null;
    return {
      scope,
      now,
      rows,
      motions: rows.map(toMotion),
      votes,
      counts,
      records,
      activeVote,
      approval: { votes: records, now, activeVoteId: activeVote?.id ?? null },
    };
  }
}

function asTimes(row: VoteRow) {
  return { row, started_at: row.startedAt, ended_at: row.endedAt };
}

/** The email vote can still be changed: not over and nobody has voted yet. Meetings: always. */
export function canModify(state: VotingState): boolean {
  if (state.scope.kind === 'meeting') return true;
  if (state.scope.phase === 'ended') return false;
  return ![...state.counts.values()].some((c) => c.respondents > 0);
}

export function motionOf(state: VotingState, id: string): { row: MotionRow; motion: TMotion } | null {
  const index = state.rows.findIndex((r) => r.id === id);
  if (index < 0) return null;
  return { row: state.rows[index] as MotionRow, motion: state.motions[index] as TMotion };
}
