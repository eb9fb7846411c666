import {
  AppError,
  canViewEmailVote,
  canViewMeeting,
  committeeForCode,
  meetingChannel,
  requireUser,
  SUBJECTS,
  type TRequestContext,
  voteChannel,
  ZChannelAccess,
} from '@gavel/contracts';
import { callService, isUuid, ServiceRuntime } from '@gavel/service-kit';
import { type Phase, votePhase } from '@gavel/voting-rules';
import { Inject, Injectable } from '@nestjs/common';
import type { Db } from '../db/prisma.js';
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

/** '{What} not found.', in the words the committees, meetings and identity services use. */
export function notFound(what = 'meeting'): AppError {
  return new AppError('not_found', `${what[0]?.toUpperCase()}${what.slice(1)} not found.`);
}

/** Tenant id as a uuid, or a not-found (another tenant's data is never found). */
export function tenantOf(ctx: TRequestContext): string {
  if (!isUuid(ctx.tenantId)) throw notFound('association');
  return ctx.tenantId;
}

export const NOT_ALLOWED_TO_VIEW = 'You are not allowed to view this meeting or vote.';

/** How long a viewer check waits for the meetings service (well inside the gateway's own timeout). */
const MEETINGS_TIMEOUT_MS = 5_000;

@Injectable()
export class ScopeService {
  constructor(
    @Inject(ScopeRepository) readonly repo: ScopeRepository,
    @Inject(ServiceRuntime) private readonly runtime: Pick<ServiceRuntime, 'nc' | 'prefix'>,
  ) {}

  /**
   * Resolves a meeting or email vote (404) and checks the caller may view it (403), by the rules the
   * meetings service applies to the same pages (contracts' canViewMeeting / canViewEmailVote). Members,
   * staff and admins are answered from this service's read models; a non-member of a meeting that is not
   * open may have been added to it (an RSVP or attendee row only the meetings service holds), so only then
   * is the meetings service asked, off the members' path.
   */
  async viewable(
    db: Db,
    ctx: TRequestContext,
    input: { committeeCode: string; meetingCode?: string | undefined; voteCode?: string | undefined },
  ): Promise<Scope> {
    const userId = requireUser(ctx);
    const scope = await this.resolve(db, ctx, input);
    const nobody = { member: false, participant: false };
    if (scope.meeting ? canViewMeeting(ctx, scope.meeting, nobody) : canViewEmailVote(ctx, nobody)) {
      return scope;
    }
    if (isUuid(userId) && (await this.repo.isMember(db, scope.tenantId, scope.committee.id, userId))) {
      return scope;
    }
    if (scope.meeting && input.meetingCode !== undefined) {
      // Answers, or throws the meetings service's own refusal (403) or unavailability (503).
      await callService(
        this.runtime.nc,
        SUBJECTS.meetings.channelAccess,
        ctx,
        { committee_code: input.committeeCode, meeting_code: input.meetingCode },
        ZChannelAccess,
        { prefix: this.runtime.prefix, timeoutMs: MEETINGS_TIMEOUT_MS },
      );
      return scope;
    }
    throw new AppError('forbidden', NOT_ALLOWED_TO_VIEW);
  }

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

  /**
   * Resolves a meeting or email vote for a change and locks it (ScopeRepository.lock), then reads it again
   * under the lock: a change that committed while this one waited for it (the meeting ended, the window
   * moved) is what the change then checks against.
   */
  async resolveLocked(
    db: Db,
    ctx: TRequestContext,
    input: { committeeCode: string; meetingCode?: string | undefined; voteCode?: string | undefined },
  ): Promise<Scope> {
    const found = await this.resolve(db, ctx, input);
    await this.repo.lock(db, found.tenantId, found);
    const scope = await this.resolve(db, ctx, input);
    if (scope.meetingId !== found.meetingId || scope.emailVoteId !== found.emailVoteId) {
      throw new AppError('conflict', 'This meeting or vote changed meanwhile. Please try again.');
    }
    return scope;
  }

  /**
   * The committee a committee-scoped call names (the email votes listed and created under it): as the
   * committees service resolves the code (contracts' committeeForCode), that year's, else term-based;
   * without a year, the current year's (once committees has announced it), else term-based, else the most
   * recent year's.
   */
  async committeeByCode(db: Db, ctx: TRequestContext, code: string, year?: number): Promise<CommitteeRow> {
    const tenantId = tenantOf(ctx);
    const committees = await this.repo.committeesByCode(db, tenantId, code);
    const currentYear = year === undefined ? await this.repo.currentYear(db, tenantId) : null;
    const committee = committeeForCode(committees, { year, currentYear });
    if (!committee) throw notFound('committee');
    return committee;
  }
}
