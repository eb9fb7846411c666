import { AppError, meetingChannel, type TRequestContext, voteChannel } from '@gavel/contracts';
import { type Phase, votePhase } from '@gavel/voting-rules';
import { Inject, Injectable } from '@nestjs/common';
import { type Db, isUuid } from '../db/prisma.js';
import {
  type CommitteeRow,
  type EmailVoteRow,
  type MeetingRow,
  ScopeRepository,
} from './scope.repository.js';

/** A meeting or an email vote: where motions live, and whose channel hears about them. */
export interface Scope {
  kind: 'meeting' | 'email';
  tenantId: string;
  committee: CommitteeRow;
  meeting: MeetingRow | null;
  emailVote: EmailVoteRow | null;
  meetingId: string | null;
  emailVoteId: string | null;
  /** Meeting status, or the email vote's phase from the clock. */
  phase: Phase;
  channel: string;
}

export function notFound(what = 'meeting'): AppError {
  return new AppError('not_found', `That ${what} does not exist.`);
}

/** Tenant id as a uuid, or a not-found (another tenant's data is never found). */
export function tenantOf(ctx: TRequestContext): string {
  if (!isUuid(ctx.tenantId)) throw notFound('association');
  return ctx.tenantId;
}

export function requireUser(ctx: TRequestContext): string {
  if (!ctx.userId) throw new AppError('unauthenticated', 'Please sign in.');
  return ctx.userId;
}

@Injectable()
export class ScopeService {
  constructor(@Inject(ScopeRepository) readonly repo: ScopeRepository) {}

  async resolve(
    db: Db,
    ctx: TRequestContext,
    input: { committeeCode: string; meetingCode?: string | undefined; voteCode?: string | undefined },
    now = new Date(),
  ): Promise<Scope> {
    const tenantId = tenantOf(ctx);
    const committees = await this.repo.committeesByCode(db, tenantId, input.committeeCode);
    if (committees.length === 0) throw notFound('committee');
    const ids = committees.map((c) => c.id);
    if (input.meetingCode !== undefined) {
      const meeting = await this.repo.meetingByCode(db, tenantId, ids, input.meetingCode);
      if (!meeting) throw notFound('meeting');
      const committee = committees.find((c) => c.id === meeting.committeeId) as CommitteeRow;
      return {
        kind: 'meeting',
        tenantId,
        committee,
        meeting,
        emailVote: null,
        meetingId: meeting.id,
        emailVoteId: null,
        phase: meeting.status as Phase,
        channel: meetingChannel(meeting.id),
      };
    }
    const emailVote = await this.repo.emailVoteByCode(db, tenantId, ids, input.voteCode ?? '');
    if (!emailVote) throw notFound('vote');
    const committee = committees.find((c) => c.id === emailVote.committeeId) as CommitteeRow;
    return {
      kind: 'email',
      tenantId,
      committee,
      meeting: null,
      emailVote,
      meetingId: null,
      emailVoteId: emailVote.id,
      phase: votePhase({ start: emailVote.start, end: emailVote.end }, now),
      channel: voteChannel(emailVote.id),
    };
  }

  /** The newest committee with this code (a new email vote goes there). */
  async committeeByCode(db: Db, ctx: TRequestContext, code: string): Promise<CommitteeRow> {
    const committees = await this.repo.committeesByCode(db, tenantOf(ctx), code);
    const committee = committees[0];
    if (!committee) throw notFound('committee');
    return committee;
  }
}
