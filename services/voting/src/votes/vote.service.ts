import {
  AppError,
  can,
  EVENTS,
  isAdmin,
  meetingChannel,
  type TMemberStatusReply,
  type TMotion,
  type TRequestContext,
  type TVoteAddTimeInput,
  type TVoteLiveReply,
  type TVoteRefInput,
  type TVoteReply,
  type TVoteStartInput,
  type TVotingSettings,
  voteChannel,
} from '@gavel/contracts';
import { isUuid } from '@gavel/service-kit';
import {
  AMENDED_NOTE,
  type AttendanceMember,
  activeAmendment,
  amendmentApproval,
  amendmentsOf,
  ballotMotionOf,
  canRevote,
  committeeQuorum,
  eligibleVoters,
  hasVoteResult,
  isChairOrViceChairPresent,
  isMotionDecidedInTree,
  isUnanimousConsentOffered,
  isVoteActive,
  MOTION_DECIDED_IN_TREE,
  maximumResponsesFor,
  memberVotingStatus,
  presentVotingMembers,
  quorumNotMetMessage,
  STATUS_AMENDMENT_NOT_VOTED_ON,
  type StartVoteBlocker,
  secondsAddedMessage,
  startVoteBlockerMessage,
  startVoteBlockers,
  UNANIMOUS_AMENDMENT_MESSAGE,
  UNANIMOUS_MOTION_MESSAGE,
  VOTE_CLOSED_MESSAGE,
  VOTE_STARTED_MESSAGE,
  type VoteKind,
} from '@gavel/voting-rules';
import { Inject, Injectable } from '@nestjs/common';
import { type TVotingConfig, VOTING_CONFIG } from '../config.js';
import { Database } from '../db/database.js';
import type { Tx } from '../db/prisma.js';
import { VotingEvents } from '../events/voting.events.js';
import { toMotion } from '../motions/motion.mapper.js';
import { MotionRepository, type MotionRow } from '../motions/motion.repository.js';
import { motionOf, type VotingState, VotingStateLoader } from '../motions/voting-state.js';
import { AttendanceCatchUp } from '../read-models/attendance-catch-up.js';
import { ScopeRepository } from '../scope/scope.repository.js';
import { notFound, type Scope, ScopeService, tenantOf } from '../scope/scope.service.js';
import { VotingSettings, type VotingSettingsSource } from '../scope/voting-settings.js';
import { ballotShape, quorumFor, toAttendanceMember } from './electorate.js';
import { EMPTY_COUNTS, toVoteView } from './vote.mapper.js';
import { VoteRepository, type VoteRow } from './vote.repository.js';

/** The start-vote blockers that depend on who is checked in (not the meeting's own settings or phase). */
const ATTENDANCE_BLOCKERS: ReadonlySet<StartVoteBlocker> = new Set([
  'quorum_not_met',
  'chair_not_present',
  'no_eligible_voters',
]);

/** A start refused on attendance the read model may not have caught up with yet. */
class AttendanceMayLag extends Error {
  constructor(
    readonly meetingId: string,
    readonly refusal: AppError,
  ) {
    super(refusal.message);
  }
}

/** The motion row a start or unanimous consent is about, found under its meeting's lock. */
interface StartTarget {
  scope: Scope;
  state: VotingState;
  row: MotionRow;
  motion: TMotion;
  kind: VoteKind;
  /**
   * What the ballot is built from (ballotMotionOf): the row itself, or for a motion vote held on an
   * amendment row, that row with its root motion's responses, filter and vote type.
   */
  ballot: TMotion;
}

/** Votes in meetings: start (or revote), unanimous consent, add time, close; the live state; finalizing. */
@Injectable()
export class VoteService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(ScopeService) private readonly scopes: ScopeService,
    @Inject(ScopeRepository) private readonly scopeRepo: ScopeRepository,
    @Inject(VotingStateLoader) private readonly states: VotingStateLoader,
    @Inject(MotionRepository) private readonly motions: MotionRepository,
    @Inject(VoteRepository) private readonly votes: VoteRepository,
    @Inject(VotingEvents) private readonly events: VotingEvents,
    @Inject(VotingSettings) private readonly settings: VotingSettingsSource,
    @Inject(AttendanceCatchUp) private readonly attendance: AttendanceCatchUp,
    @Inject(VOTING_CONFIG) private readonly config: Pick<TVotingConfig, 'VOTE_DURATION_SECONDS'>,
  ) {}

  async start(ctx: TRequestContext, input: TVoteStartInput): Promise<TVoteReply> {
    const reply = await this.decide(ctx, input, 'vote');
    // A new electorate (up to thousands of rows) just arrived: refresh the planner's statistics so the
    // cast path's lookups use their indexes from the first cast on. Not awaited; a failure is logged.
    void this.votes.analyze(this.db.client);
    return reply;
  }

  unanimous(ctx: TRequestContext, input: TVoteStartInput): Promise<TVoteReply> {
    return this.decide(ctx, input, 'unanimous');
  }

  /**
   * Starts a vote on a motion row, or approves it by unanimous consent, after every precondition. A start
   * refused on attendance alone is tried once more after catching up with the meetings service: check-ins
   * the runner's panel already shows may still be on their way here as events.
   */
  private async decide(
    ctx: TRequestContext,
    input: TVoteStartInput,
    how: 'vote' | 'unanimous',
  ): Promise<TVoteReply> {
    // Who may is the caller's permissions alone: refused before the meeting's lock is taken.
    if (!can(ctx, 'run meetings') && !can(ctx, 'update motions')) {
      throw new AppError('forbidden', 'You are not allowed to run votes.');
    }
    const settings = await this.settings.of(ctx);
    try {
      return await this.decideNow(ctx, input, how, settings, { attendanceMayLag: true });
    } catch (err) {
      if (!(err instanceof AttendanceMayLag)) throw err;
      if (!(await this.attendance.meeting(ctx, err.meetingId))) throw err.refusal;
      return this.decideNow(ctx, input, how, settings, { attendanceMayLag: false });
    }
  }

  /** One attempt at a start or unanimous consent, in one transaction under the meeting's lock. */
  private decideNow(
    ctx: TRequestContext,
    input: TVoteStartInput,
    how: 'vote' | 'unanimous',
    settings: TVotingSettings,
    opts: { attendanceMayLag: boolean },
  ): Promise<TVoteReply> {
    return this.db.transaction(async (tx) => {
      const target = await this.startTarget(tx, ctx, input);
      this.checkRevote(target, input.revote);
      if (how === 'unanimous' && !isUnanimousConsentOffered(target.ballot, target.kind)) {
        throw new AppError(
          'rule_broken',
          'Unanimous consent is not offered for motions with custom responses.',
        );
      }
      const { scope } = target;
      const members = (
        await this.scopeRepo.members(tx, scope.tenantId, scope.committee.id, scope.meetingId)
      ).map(toAttendanceMember);
      this.checkStartBlockers(ctx, target, members, { revote: input.revote, ...opts });
      const replaced = input.revote ? await this.discardPreviousVote(tx, target) : false;
      if (how === 'unanimous') return this.applyUnanimous(tx, target, { replaced });
      return this.openVote(ctx, tx, target, members, settings, input.duration);
    });
  }

  /** The meeting (locked) and the motion row a start is about; an email vote has no vote to start. */
  private async startTarget(tx: Tx, ctx: TRequestContext, input: TVoteStartInput): Promise<StartTarget> {
    const scope = await this.scopes.resolveLocked(tx, ctx, input);
    if (scope.kind !== 'meeting') {
      throw new AppError(
        'rule_broken',
        'An email vote runs over its whole window; there is no vote to start.',
      );
    }
    const state = await this.states.load(tx, scope);
    const found = isUuid(input.id) ? motionOf(state, input.id) : null;
    if (!found) throw notFound('motion');
    const kind = input.type;
    return { scope, state, ...found, kind, ballot: ballotMotionOf(found.motion, kind, state.motions) };
  }

  /**
   * A row that has a result is only voted on again by a revote, and a revote only where the rules allow
   * one (canRevote): there is a result to replace and, for an amendment vote, the amendment is the latest
   * of its siblings and its motion has no result yet.
   */
  private checkRevote({ state, row, motion, kind }: StartTarget, revote: boolean): void {
    const hasResult = hasVoteResult(motion, kind, state.approval);
    if (hasResult && !revote) {
      throw new AppError('conflict', 'This motion already has a result. Use a revote to replace it.');
    }
    if (!revote) return;
    const siblings = row.amendmentParentId ? amendmentsOf({ id: row.amendmentParentId }, state.motions) : [];
    const latest = siblings[siblings.length - 1]?.id === row.id;
    // After an approved amendment the motion vote is held on the amended row: any row of the tree.
    const motionHasResult =
      row.amendmentParentId !== null && isMotionDecidedInTree(motion, state.motions, state.approval);
    if (
      !canRevote({
        has_result: hasResult,
        is_amendment: kind === 'amendment',
        is_latest_amendment: latest,
        motion_has_result: motionHasResult,
      })
    ) {
      throw new AppError(
        'rule_broken',
        !hasResult
          ? 'There is no result to revote yet.'
          : motionHasResult
            ? MOTION_DECIDED_IN_TREE
            : 'Only the latest amendment can be revoted.',
      );
    }
  }

  /**
   * Refuses a start the shared rules block, with the first blocker's message. A refusal on attendance
   * alone, while the read model may still lag behind the meetings service, is thrown as AttendanceMayLag
   * so that decide catches up and tries once more.
   */
  private checkStartBlockers(
    ctx: TRequestContext,
    { scope, state, row, motion, kind, ballot }: StartTarget,
    members: AttendanceMember[],
    opts: { revote: boolean; attendanceMayLag: boolean },
  ): void {
    const present = presentVotingMembers(members);
    // A revote replaces this row's own result only; the amendments below it and its own amendment
    // approval are read as they stand.
    const approval = state.approval;
    const blockers = startVoteBlockers({
      can_run_meetings: can(ctx, 'run meetings'),
      can_update_motions: can(ctx, 'update motions'),
      phase: scope.phase,
      // The meeting's 'In-meeting voting' switch, from the meetings read model the scope was resolved from.
      in_meeting_voting: scope.meeting?.inMeetingVoting,
      has_active_vote: state.activeVote !== null,
      has_active_amendment: activeAmendment(motion, state.motions, approval) !== null,
      present_voting_members: present,
      quorum: committeeQuorum(scope.committee),
      chair_present: isChairOrViceChairPresent(members, {
        chair_position: scope.committee.chairPosition,
        vchair_position: scope.committee.vchairPosition,
      }),
      eligible_voters: eligibleVoters(members, {
        motion_filter: ballot.motion_filter,
        require_check_in: true,
      }).length,
      kind,
      is_amendment: row.amendmentParentId !== null,
      amendment_approval: kind === 'motion' ? amendmentApproval(motion, approval) : undefined,
      // Decided on another row of its tree (its approved amendment, or the root): only a revote of that.
      motion_decided_elsewhere:
        !opts.revote && isMotionDecidedInTree(motion, state.motions, approval, { excludingRow: true }),
    });
    const first = blockers[0];
    if (!first) return;
    const refusal = new AppError('rule_broken', this.blockerMessage(first, { motion, state, present }));
    if (opts.attendanceMayLag && ATTENDANCE_BLOCKERS.has(first) && scope.meetingId) {
      throw new AttendanceMayLag(scope.meetingId, refusal);
    }
    throw refusal;
  }

  /**
   * A revote: the row's previous vote of this kind is discarded (and finalized, so it is never counted
   * again) and its page hears so. Answers whether there was one.
   */
  private async discardPreviousVote(
    tx: Tx,
    { scope, state, row, motion, kind }: StartTarget,
  ): Promise<boolean> {
    const previous = this.previousVote(state, row, kind);
    if (!previous) return false;
    const discarded = await this.votes.update(tx, scope.tenantId, previous.id, {
      discardedAt: new Date(),
      isFinalized: true,
    });
    await this.events.voteChanged(
      tx,
      EVENTS.voting.voteUpdated,
      scope.channel,
      discarded,
      motion,
      EMPTY_COUNTS,
    );
    return true;
  }

  /** Approves the row by unanimous consent (no vote); a replaced vote is no longer the row's. */
  private async applyUnanimous(
    tx: Tx,
    { scope, row, kind }: StartTarget,
    opts: { replaced: boolean },
  ): Promise<TVoteReply> {
    const idField = kind === 'amendment' ? 'amendmentVoteId' : 'motionVoteId';
    const approvalField = kind === 'amendment' ? 'amendmentApproved' : 'motionApproved';
    const updated = await this.motions.setVote(tx, scope.tenantId, row.id, {
      [approvalField]: true,
      ...(opts.replaced ? { [idField]: null } : {}),
    });
    const saved = await this.events.motionChanged(tx, EVENTS.voting.motionUpdated, scope.channel, updated);
    return {
      motion: saved,
      vote: null,
      message: kind === 'amendment' ? UNANIMOUS_AMENDMENT_MESSAGE : UNANIMOUS_MOTION_MESSAGE,
    };
  }

  /**
   * Opens a vote on the row for `duration` seconds (the configured default when not given): its ballot,
   * quorum and electorate snapshot, the row pointing at it with no result yet, and the events.
   */
  private async openVote(
    ctx: TRequestContext,
    tx: Tx,
    { scope, row, kind, ballot }: StartTarget,
    members: AttendanceMember[],
    settings: TVotingSettings,
    duration: number | undefined,
  ): Promise<TVoteReply> {
    const idField = kind === 'amendment' ? 'amendmentVoteId' : 'motionVoteId';
    const approvalField = kind === 'amendment' ? 'amendmentApproved' : 'motionApproved';
    const now = new Date();
    const seconds = duration ?? this.config.VOTE_DURATION_SECONDS;
    const vote = await this.votes.create(tx, {
      tenantId: scope.tenantId,
      committeeId: scope.committee.id,
      meetingId: scope.meetingId,
      emailVoteId: null,
      motionId: row.id,
      type: kind,
      ...ballotShape(ballot, kind, settings),
      motionFilter: ballot.motion_filter,
      requireCheckIn: true,
      quorum: quorumFor(members, ballot, scope.committee),
      startedAt: now,
      endedAt: new Date(now.getTime() + seconds * 1000),
    });
    const updated = await this.motions.setVote(tx, scope.tenantId, row.id, {
      [idField]: vote.id,
      [approvalField]: null,
    });
    const saved = await this.events.motionChanged(tx, EVENTS.voting.motionUpdated, scope.channel, updated);
    const counts = (await this.votes.counts(tx, scope.tenantId, [vote.id])).get(vote.id) ?? EMPTY_COUNTS;
    await this.events.voteChanged(tx, EVENTS.voting.voteStarted, scope.channel, vote, saved, counts);
    return {
      motion: saved,
      vote: toVoteView(vote, saved, counts, { isRunner: can(ctx, 'run meetings'), now }),
      message: VOTE_STARTED_MESSAGE,
    };
  }

  /** PUT .../vote/{voteId}: adds seconds to an active vote. */
  addTime(ctx: TRequestContext, input: TVoteAddTimeInput): Promise<TVoteReply> {
    return this.changeVote(ctx, input, async (tx, vote, now) => {
      if (!isVoteActive({ started_at: vote.startedAt, ended_at: vote.endedAt }, now)) {
        throw new AppError('rule_broken', 'The vote is not active.');
      }
      const updated = await this.votes.update(tx, vote.tenantId, vote.id, {
        endedAt: new Date(vote.endedAt.getTime() + input.time * 1000),
      });
      return { vote: updated, subject: EVENTS.voting.voteUpdated, message: secondsAddedMessage(input.time) };
    });
  }

  /** PUT .../vote/{voteId}/close: ends the vote now; a closed vote is never reopened (closing again is a no-op). */
  close(ctx: TRequestContext, input: TVoteRefInput): Promise<TVoteReply> {
    return this.changeVote(ctx, input, async (tx, vote, now) => {
      if (vote.endedAt.getTime() <= now.getTime())
        return { vote, subject: null, message: VOTE_CLOSED_MESSAGE };
      const updated = await this.endNow(tx, vote, now);
      return { vote: updated, subject: EVENTS.voting.voteClosed, message: VOTE_CLOSED_MESSAGE };
    });
  }

  /**
   * A meeting that ended while one of its votes was being started (meetings and voting each see the other
   * through events, so both can pass their checks at once): the vote closes with the meeting, and its
   * page hears so, as when a runner closes it.
   */
  async closeForEndedMeeting(tx: Tx, tenantId: string, meetingId: string): Promise<void> {
    const now = new Date();
    const scope = { meetingId, emailVoteId: null };
    const active = (await this.votes.list(tx, tenantId, scope)).filter((v) => v.endedAt > now);
    if (active.length === 0) return;
    const rows = await this.motions.list(tx, tenantId, scope);
    const counts = await this.votes.counts(
      tx,
      tenantId,
      active.map((v) => v.id),
    );
    for (const vote of active) {
      const row = rows.find((r) => r.id === vote.motionId);
      if (!row) continue;
      const updated = await this.endNow(tx, vote, now);
      const voteCounts = counts.get(vote.id) ?? EMPTY_COUNTS;
      await this.events.voteChanged(
        tx,
        EVENTS.voting.voteClosed,
        meetingChannel(meetingId),
        updated,
        toMotion(row),
        voteCounts,
      );
    }
  }

  /** Ends a vote now (a vote whose start is still ahead ends at its start, so it never runs). */
  private endNow(tx: Tx, vote: VoteRow, now: Date): Promise<VoteRow> {
    const endedAt = vote.startedAt.getTime() > now.getTime() ? vote.startedAt : now;
    return this.votes.update(tx, vote.tenantId, vote.id, { endedAt });
  }

  private changeVote(
    ctx: TRequestContext,
    input: TVoteRefInput,
    change: (
      tx: Tx,
      vote: VoteRow,
      now: Date,
    ) => Promise<{ vote: VoteRow; subject: string | null; message: string }>,
  ): Promise<TVoteReply> {
    // 'run meetings', or an admin (spec section 6: admins or moderators may add time and close votes).
    if (!can(ctx, 'run meetings') && !isAdmin(ctx)) {
      throw new AppError('forbidden', 'Only meeting runners add time to or close votes.');
    }
    return this.db.transaction(async (tx) => {
      const scope = await this.scopes.resolve(tx, ctx, input);
      if (!isUuid(input.voteId)) throw notFound('vote');
      await this.scopeRepo.lock(tx, scope.tenantId, scope);
      const vote = await this.votes.find(tx, scope.tenantId, input.voteId);
      if (
        !vote ||
        vote.motionId !== input.id ||
        vote.meetingId !== scope.meetingId ||
        vote.emailVoteId !== scope.emailVoteId
      ) {
        throw notFound('vote');
      }
      if (vote.discardedAt) throw new AppError('rule_broken', 'This vote was replaced by a revote.');
      if (scope.kind !== 'meeting')
        throw new AppError('rule_broken', 'An email vote closes at the end of its window.');
      const now = new Date();
      const result = await change(tx, vote, now);
      const row = await this.motions.find(tx, scope.tenantId, vote.motionId);
      if (!row) throw notFound('motion');
      const motion = toMotion(row);
      const counts = (await this.votes.counts(tx, scope.tenantId, [vote.id])).get(vote.id) ?? EMPTY_COUNTS;
      if (result.subject)
        await this.events.voteChanged(tx, result.subject, scope.channel, result.vote, motion, counts);
      return {
        motion,
        // Admins may add time and close without running meetings; they see what their role may see.
        vote: toVoteView(result.vote, motion, counts, {
          isRunner: can(ctx, 'run meetings'),
          now: new Date(),
        }),
        message: result.message,
      };
    });
  }

  /**
   * voting.vote.live: the broadcast-ready live state of one vote; null for a vote a revote replaced (a
   * response cast just before the revote must not bring the discarded vote back on the page).
   */
  async live(tenantId: string, voteId: string): Promise<TVoteLiveReply | null> {
    if (!isUuid(tenantId) || !isUuid(voteId)) throw notFound('vote');
    const db = this.db.client;
    const vote = await this.votes.find(db, tenantId, voteId);
    if (!vote) throw notFound('vote');
    if (vote.discardedAt) return null;
    const row = await this.motions.find(db, tenantId, vote.motionId);
    if (!row) throw notFound('motion');
    const motion = toMotion(row);
    const counts = (await this.votes.counts(db, tenantId, [vote.id])).get(vote.id) ?? EMPTY_COUNTS;
    const now = new Date();
    return {
      tenantId,
      channel: channelOf(vote),
      kind: 'vote.updated',
      payload: { vote: toVoteView(vote, motion, counts, { isRunner: false, now }) },
      runner_payload: { vote: toVoteView(vote, motion, counts, { isRunner: true, now }) },
    };
  }

  /** voting.member.status: per-member voting status of one vote (runners). */
  async memberStatus(ctx: TRequestContext, voteId: string): Promise<TMemberStatusReply> {
    const tenantId = tenantOf(ctx);
    if (!can(ctx, 'run meetings')) throw new AppError('forbidden', 'Only meeting runners see who has voted.');
    if (!isUuid(voteId)) throw notFound('vote');
    const vote = await this.votes.find(this.db.client, tenantId, voteId);
    if (!vote) throw notFound('vote');
    const max = maximumResponsesFor(vote.maximumResponses, vote.type === 'amendment');
    const rows = await this.votes.memberStatus(this.db.client, tenantId, voteId);
    return {
      vote_id: vote.id,
      maximum_responses: max,
      members: rows.map((r) => ({
        membership_id: r.membership_id,
        user_id: r.user_id,
        eligible: r.eligible,
        responses_cast: r.n,
        status: memberVotingStatus({ responses_cast: r.n, maximum_responses: max }),
      })),
    };
  }

  /**
   * Finalizes votes whose end has passed (after a short grace so casts in flight at the close are
   * counted): is_finalized, evt.voting.vote.ended and the final live state. Several instances share the
   * work (SKIP LOCKED). Answers how many were finalized.
   */
  async finalizeEnded(graceMs = 300): Promise<number> {
    return this.db.transaction(async (tx) => {
      const claimed = await this.votes.claimEnded(tx, graceMs);
      for (const { id, tenant_id } of claimed) {
        const vote = await this.votes.update(tx, tenant_id, id, { isFinalized: true });
        const row = await this.motions.find(tx, tenant_id, vote.motionId);
        if (!row) continue;
        const motion: TMotion = toMotion(row);
        const counts = (await this.votes.counts(tx, tenant_id, [id])).get(id) ?? EMPTY_COUNTS;
        await this.events.voteChanged(tx, EVENTS.voting.voteEnded, channelOf(vote), vote, motion, counts);
      }
      return claimed.length;
    });
  }

  /**
   * The refusal text of a start-vote blocker: the spec's voting status message where it has one
   * ('Meeting not in progress', 'Quorum not met' with how many more are needed, 'Chair/Vice Chair Not
   * Present', 'Amendment not voted on', 'Amendment defeated'), else the shared rules' own wording.
   */
  private blockerMessage(
    blocker: StartVoteBlocker,
    at: { motion: TMotion; state: VotingState; present: number },
  ): string {
    if (blocker === 'quorum_not_met') {
      return quorumNotMetMessage({ present: at.present, quorum: committeeQuorum(at.state.scope.committee) });
    }
    if (blocker === 'active_amendment') {
      // A pending amendment has not been voted on yet; an approved one is now the motion's text, and the
      // motion vote is held on it (its row, type 'motion').
      const pending = activeAmendment(at.motion, at.state.motions, at.state.approval);
      if (pending && amendmentApproval(pending, at.state.approval) === true) {
        return AMENDED_NOTE;
      }
      return STATUS_AMENDMENT_NOT_VOTED_ON;
    }
    return startVoteBlockerMessage(blocker) ?? blocker;
  }

  private previousVote(state: VotingState, row: MotionRow, kind: 'motion' | 'amendment'): VoteRow | null {
    const id = kind === 'amendment' ? row.amendmentVoteId : row.motionVoteId;
    return state.votes.find((v) => v.id === id) ?? null;
  }
}

export function channelOf(vote: Pick<VoteRow, 'meetingId' | 'emailVoteId' | 'id'>): string {
  if (vote.meetingId) return meetingChannel(vote.meetingId);
  return voteChannel(vote.emailVoteId ?? vote.id);
}
