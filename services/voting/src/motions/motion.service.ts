import {
  AppError,
  can,
  EVENTS,
  type TMessageReply,
  type TMotion,
  type TMotionCreateInput,
  type TMotionHideInput,
  type TMotionRefInput,
  type TMotionsReply,
  type TMotionsResortInput,
  type TMotionUpdateInput,
  type TRequestContext,
  type TScopeInput,
  type TVotingSettings,
} from '@gavel/contracts';
import { isUuid } from '@gavel/service-kit';
import {
  activeAmendment,
  amendBlocker,
  amendmentApproval,
  canChangeResultVisibility,
  canCreateMotion,
  canDeleteMotion,
  canEditMotion,
  canReorderMotions,
  isMotionDecidedInTree,
  isMotionPhase,
  isVoteActive,
  type MotionChangeInput,
  motionHasResult,
  RESULT_VISIBILITY_SUCCESS,
  STATUS_AMENDMENT_DEFEATED,
} from '@gavel/voting-rules';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../db/database.js';
import type { Tx } from '../db/prisma.js';
import { VotingEvents } from '../events/voting.events.js';
import { refreshElectorate } from '../read-models/read-model.repository.js';
import { ScopeRepository } from '../scope/scope.repository.js';
import { notFound, type Scope, ScopeService } from '../scope/scope.service.js';
import { VotingSettings, type VotingSettingsSource } from '../scope/voting-settings.js';
import { ballotShape, quorumFor, toAttendanceMember } from '../votes/electorate.js';
import { EMPTY_COUNTS, toVoteView } from '../votes/vote.mapper.js';
import { VoteRepository, type VoteRow } from '../votes/vote.repository.js';
import { toMotion } from './motion.mapper.js';
import { MotionRepository, type MotionRow } from './motion.repository.js';
import { motionDataFromForm } from './motion-form.js';
import { canModify, motionOf, type VotingState, VotingStateLoader } from './voting-state.js';

const isRunner = (ctx: TRequestContext) => can(ctx, 'run meetings');

/** An email vote's motions change only while nobody has voted. */
export const HAS_RESPONSES = 'This vote can no longer be modified: responses have been recorded.';

/** Motions and amendments: create, edit, delete, re-sort, result visibility, and the retrieve view. */
@Injectable()
export class MotionService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(ScopeService) private readonly scopes: ScopeService,
    @Inject(ScopeRepository) private readonly scopeRepo: ScopeRepository,
    @Inject(VotingStateLoader) private readonly states: VotingStateLoader,
    @Inject(MotionRepository) private readonly motions: MotionRepository,
    @Inject(VoteRepository) private readonly votes: VoteRepository,
    @Inject(VotingEvents) private readonly events: VotingEvents,
    @Inject(VotingSettings) private readonly settings: VotingSettingsSource,
  ) {}

  /** GET {base}/retrieve/motions: motions, votes as this viewer may see them, the viewer's own responses. */
  async retrieve(ctx: TRequestContext, input: TScopeInput): Promise<TMotionsReply> {
    const db = this.db.client;
    const scope = await this.scopes.viewable(db, ctx, input);
    const state = await this.states.load(db, scope);
    const runner = isRunner(ctx);
    const byId = new Map(state.motions.map((m) => [m.id, m]));
    const votes = state.votes.flatMap((v) => {
      const motion = byId.get(v.motionId);
      if (!motion) return [];
      return [
        toVoteView(v, motion, state.counts.get(v.id) ?? EMPTY_COUNTS, { isRunner: runner, now: state.now }),
      ];
    });
    const responses =
      ctx.userId && isUuid(ctx.userId)
        ? await this.votes.ownResponses(
            db,
            scope.tenantId,
            state.votes.map((v) => v.id),
            ctx.userId,
          )
        : [];
    return { motions: state.motions, votes, responses };
  }

  create(ctx: TRequestContext, input: TMotionCreateInput): Promise<{ motion: TMotion; message: string }> {
    return this.createRow(ctx, input, null);
  }

  amend(ctx: TRequestContext, input: TMotionUpdateInput): Promise<{ motion: TMotion; message: string }> {
    return this.createRow(ctx, input, input.id);
  }

  private async createRow(
    ctx: TRequestContext,
    input: TMotionCreateInput,
    parentId: string | null,
  ): Promise<{ motion: TMotion; message: string }> {
    // Who may is the caller's permissions alone: refused before the meeting's lock is taken.
    if (!can(ctx, 'create motions'))
      throw new AppError('forbidden', 'You are not allowed to create motions.');
    const settings = await this.settings.of(ctx);
    return this.db.transaction(async (tx) => {
      const state = await this.lockedState(tx, ctx, input);
      const { scope } = state;
      if (parentId !== null) {
        if (scope.kind === 'email') {
          throw new AppError('rule_broken', 'Email votes hold motions only, not amendments.');
        }
        if (!isUuid(parentId) || !motionOf(state, parentId)) throw notFound('motion');
      }
      const allowed = canCreateMotion({
        phase: scope.phase,
        can_modify: canModify(state),
        has_active_vote: state.activeVote !== null,
        can_create_motions: true,
      });
      if (!allowed) throw new AppError('rule_broken', this.changeRefusal(state, { has_result: false }));
      if (parentId !== null) this.assertAmendable(state, parentId);
      // A new motion changes what the email vote holds: not once anyone has voted, a cast in flight
      // included (its response is not in the counts above until it commits).
      if (scope.emailVoteId) await this.assertNoCastsSince(tx, state, { emailVoteId: scope.emailVoteId });
      const data = motionDataFromForm(input, {
        committee: scope.committee,
        isAmendment: parentId !== null,
        abstainLabel: settings.abstain_label,
        defaultVisibility: settings.default_result_visibility,
      });
      let row = await this.motions.create(tx, {
        ...data,
        tenantId: scope.tenantId,
        committeeId: scope.committee.id,
        meetingId: scope.meetingId,
        emailVoteId: scope.emailVoteId,
        amendmentParentId: parentId,
        sort: await this.motions.nextSort(tx, scope.tenantId, scope, parentId),
      });
      const ballot = scope.kind === 'email' ? await this.openEmailBallot(tx, scope, row, settings) : null;
      if (ballot) row = ballot.row;
      const motion = await this.events.motionChanged(tx, EVENTS.voting.motionCreated, scope.channel, row);
      // Open pages get the ballot with the motion: votable at once, not after their next refetch.
      if (ballot) await this.broadcastBallot(tx, scope.channel, ballot.vote, motion);
      return { motion, message: parentId ? 'Amendment Saved' : 'Motion Added' };
    });
  }

  async update(
    ctx: TRequestContext,
    input: TMotionUpdateInput,
  ): Promise<{ motion: TMotion; message: string }> {
    if (!isRunner(ctx) && !can(ctx, 'update motions'))
      throw new AppError('forbidden', 'You are not allowed to edit motions.');
    const settings = await this.settings.of(ctx);
    return this.db.transaction(async (tx) => {
      const state = await this.lockedState(tx, ctx, input);
      const found = isUuid(input.id) ? motionOf(state, input.id) : null;
      if (!found) throw notFound('motion');
      const change = this.changeInput(ctx, state, found.motion);
      if (!canEditMotion(change)) throw new AppError('rule_broken', this.changeRefusal(state, change));
      const data = motionDataFromForm(input, {
        committee: state.scope.committee,
        isAmendment: found.row.amendmentParentId !== null,
        abstainLabel: settings.abstain_label,
        defaultVisibility: found.row.resultVisibility,
      });
      // The ballot is rewritten below: not under a response cast on the old one meanwhile.
      await this.assertNoCastsSince(tx, state, { motionIds: [found.row.id] });
      const row = await this.motions.update(tx, state.scope.tenantId, found.row.id, { ...data });
      let ballot: VoteRow | null = null;
      if (state.scope.kind === 'email' && row.motionVoteId) {
        const members = (await this.scopeRepo.members(tx, row.tenantId, row.committeeId, null)).map(
          toAttendanceMember,
        );
        const motion = toMotion(row);
        ballot = await this.votes.update(tx, row.tenantId, row.motionVoteId, {
          ...ballotShape(motion, 'motion', settings),
          motionFilter: motion.motion_filter,
          quorum: quorumFor(members, motion, state.scope.committee),
        });
        await refreshElectorate(tx, row.tenantId, { voteId: row.motionVoteId });
      }
      const motion = await this.events.motionChanged(
        tx,
        EVENTS.voting.motionUpdated,
        state.scope.channel,
        row,
      );
      // Its responses, vote type or filter may have changed: open pages get the ballot as it now is.
      if (ballot) await this.broadcastBallot(tx, state.scope.channel, ballot, motion);
      return { motion, message: 'Motion Saved' };
    });
  }

  delete(ctx: TRequestContext, input: TMotionRefInput): Promise<TMessageReply> {
    if (!can(ctx, 'delete motions') || (!isRunner(ctx) && !can(ctx, 'update motions')))
      throw new AppError('forbidden', 'You are not allowed to delete motions.');
    return this.db.transaction(async (tx) => {
      const state = await this.lockedState(tx, ctx, input);
      const found = isUuid(input.id) ? motionOf(state, input.id) : null;
      if (!found) throw notFound('motion');
      const change = { ...this.changeInput(ctx, state, found.motion), can_delete_motions: true };
      if (!canDeleteMotion(change)) throw new AppError('rule_broken', this.changeRefusal(state, change));
      // The motion and every amendment below it.
      const doomed: MotionRow[] = [];
      const collect = (id: string) => {
        const row = state.rows.find((r) => r.id === id);
        if (!row || doomed.includes(row)) return;
        doomed.push(row);
        for (const child of state.rows.filter((r) => r.amendmentParentId === id)) collect(child.id);
      };
      collect(found.row.id);
      const ids = doomed.map((r) => r.id);
      // An email vote's ballot takes casts all along: wait for those in flight, hold off new ones (they
      // then find no vote), and refuse if one was recorded after the state above was read.
      await this.assertNoCastsSince(tx, state, { motionIds: ids });
      const votes = await this.votes.deleteForMotions(tx, state.scope.tenantId, ids);
      await this.motions.deleteMany(tx, state.scope.tenantId, ids);
      // Meetings keeps a copy of each vote (the runners' voting status is of the latest started one).
      await this.events.votesDeleted(tx, votes);
      await this.events.motionsDeleted(tx, state.scope.channel, doomed);
      return { ok: true, message: found.row.amendmentParentId ? 'Amendment deleted' : 'Motion deleted' };
    });
  }

  hide(ctx: TRequestContext, input: TMotionHideInput): Promise<{ motion: TMotion; message: string }> {
    if (!isRunner(ctx))
      throw new AppError('forbidden', 'Only meeting runners change the visibility of results.');
    return this.db.transaction(async (tx) => {
      const state = await this.lockedState(tx, ctx, input);
      const found = isUuid(input.id) ? motionOf(state, input.id) : null;
      if (!found) throw notFound('motion');
      const ownVoteActive = state.votes.some(
        (v) =>
          (v.id === found.row.motionVoteId || v.id === found.row.amendmentVoteId) &&
          isVoteActive({ started_at: v.startedAt, ended_at: v.endedAt }, state.now),
      );
      if (!canChangeResultVisibility({ is_runner: true, has_active_vote: ownVoteActive })) {
        throw new AppError(
          'rule_broken',
          'Result visibility cannot change while the motion has an active vote.',
        );
      }
      const row = await this.motions.update(tx, state.scope.tenantId, found.row.id, {
        resultVisibility: input.result_visibility,
      });
      const motion = await this.events.motionChanged(
        tx,
        EVENTS.voting.motionUpdated,
        state.scope.channel,
        row,
      );
      // Viewers' results change with the visibility: push the votes of this motion again.
      for (const vote of state.votes.filter((v) => v.motionId === row.id)) {
        await this.events.voteChanged(
          tx,
          EVENTS.voting.voteUpdated,
          state.scope.channel,
          vote,
          motion,
          state.counts.get(vote.id) ?? EMPTY_COUNTS,
        );
      }
      return { motion, message: RESULT_VISIBILITY_SUCCESS[input.result_visibility] };
    });
  }

  resort(ctx: TRequestContext, input: TMotionsResortInput): Promise<TMessageReply> {
    if (!can(ctx, 'create motions'))
      throw new AppError('forbidden', 'You are not allowed to re-sort motions.');
    return this.db.transaction(async (tx) => {
      const state = await this.lockedState(tx, ctx, input);
      if (!canReorderMotions({ phase: state.scope.phase, can_create_motions: true })) {
        const what = state.scope.kind === 'meeting' ? 'meeting' : 'vote';
        throw new AppError(
          'rule_broken',
          `Motions can only be re-sorted while the ${what} is planned or in progress.`,
        );
      }
      const known = new Set(state.rows.map((r) => r.id));
      const ids = input.motions;
      if (ids.some((id) => !known.has(id))) {
        const message = 'Unknown motion in the new order.';
        throw new AppError('bad_request', message, { motions: [message] });
      }
      // A partial order (a page that missed a motion added meanwhile) puts the motions it names first and
      // the others after them as they stood: no two motions are left with the same place.
      const named = new Set(ids);
      const order = [...ids, ...state.rows.map((r) => r.id).filter((id) => !named.has(id))];
      await this.motions.setSort(tx, state.scope.tenantId, order);
      await this.events.motionsSorted(tx, state.scope.tenantId, state.scope.channel, state.scope, order);
      return { ok: true, message: 'Motions sort order saved' };
    });
  }

  /** An email vote's root motion is voted on over the whole window: its vote opens with it. */
  private async openEmailBallot(
    tx: Tx,
    scope: Scope,
    row: MotionRow,
    settings: TVotingSettings,
  ): Promise<{ row: MotionRow; vote: VoteRow } | null> {
    const emailVote = scope.emailVote;
    if (!emailVote) return null;
    const members = (await this.scopeRepo.members(tx, row.tenantId, row.committeeId, null)).map(
      toAttendanceMember,
    );
    const motion = toMotion(row);
    const vote = await this.votes.create(tx, {
      tenantId: row.tenantId,
      committeeId: row.committeeId,
      meetingId: null,
      emailVoteId: emailVote.id,
      motionId: row.id,
      type: 'motion',
      ...ballotShape(motion, 'motion', settings),
      motionFilter: motion.motion_filter,
      requireCheckIn: false,
      quorum: quorumFor(members, motion, scope.committee),
      startedAt: emailVote.start,
      endedAt: emailVote.end,
    });
    return { row: await this.motions.setVote(tx, row.tenantId, row.id, { motionVoteId: vote.id }), vote };
  }

  /** An email ballot, new or rewritten, as open pages see it. */
  private async broadcastBallot(tx: Tx, channel: string, vote: VoteRow, motion: TMotion): Promise<void> {
    const counts = (await this.votes.counts(tx, vote.tenantId, [vote.id])).get(vote.id) ?? EMPTY_COUNTS;
    await this.events.voteUpdated(tx, channel, vote, motion, counts);
  }

  /**
   * An email vote can be modified only while nobody has voted (canModify, read with the state), yet its
   * ballots take casts without the scope's lock: holds the votes of these motions (or, for a new motion,
   * every ballot of the email vote) against casts, waiting for those in flight, and refuses when a
   * response arrived since. Meeting votes take casts only while active, when no change of their motion is
   * allowed.
   */
  private async assertNoCastsSince(
    tx: Tx,
    state: VotingState,
    of: { motionIds: string[] } | { emailVoteId: string },
  ): Promise<void> {
    if (state.scope.kind !== 'email') return;
    const voteIds = await this.votes.lockAgainstCasts(tx, state.scope.tenantId, of);
    if (await this.votes.hasResponses(tx, state.scope.tenantId, voteIds)) {
      throw new AppError('rule_broken', HAS_RESPONSES);
    }
  }

  private async lockedState(tx: Tx, ctx: TRequestContext, input: TScopeInput): Promise<VotingState> {
    const scope = await this.scopes.resolveLocked(tx, ctx, input);
    return this.states.load(tx, scope);
  }

  private changeInput(ctx: TRequestContext, state: VotingState, motion: TMotion): MotionChangeInput {
    return {
      phase: state.scope.phase,
      can_modify: canModify(state),
      has_active_vote: state.activeVote !== null,
      has_active_amendment: activeAmendment(motion, state.motions, state.approval) !== null,
      has_result: motionHasResult(motion, state.approval),
      can_run_meetings: isRunner(ctx),
      can_update_motions: can(ctx, 'update motions'),
    };
  }

  /**
   * An amendment goes only where the shared amendBlocker allows one: refused once the parent's motion is
   * decided on any row of its tree (its own motion vote, or the one held on its approved amendment, or
   * unanimous consent), and under a defeated amendment, which leaves that text inactive. An approved
   * amendment may be amended further (the depth-first active amendment).
   */
  private assertAmendable(state: VotingState, parentId: string): void {
    const parent = motionOf(state, parentId);
    if (!parent) throw notFound('motion');
    const blocker = amendBlocker({
      motion_decided: isMotionDecidedInTree(parent.motion, state.motions, state.approval),
      amendment_approval: amendmentApproval(parent.motion, state.approval),
    });
    if (blocker === 'motion_decided') {
      throw new AppError('rule_broken', 'The motion already has a result; it can no longer be amended.');
    }
    if (blocker === 'amendment_defeated') {
      throw new AppError('rule_broken', `${STATUS_AMENDMENT_DEFEATED}: it cannot be amended.`);
    }
  }

  /** Why a motion may not change now (the first unmet condition). */
  private changeRefusal(state: VotingState, change: Partial<MotionChangeInput>): string {
    const what = state.scope.kind === 'meeting' ? 'meeting' : 'vote';
    if (!isMotionPhase(state.scope.phase))
      return `Motions can only change while the ${what} is planned or in progress.`;
    if (!canModify(state)) return HAS_RESPONSES;
    if (state.activeVote) return 'Not while a vote is active.';
    if (change.has_active_amendment) return 'An amendment of this motion is pending.';
    if (change.has_result) return 'The motion already has a result.';
    return 'This motion cannot be changed now.';
  }
}
