import {
  AppError,
  can,
  canAny,
  EMAIL_VOTE_CHANGED_MEANWHILE,
  EMAIL_VOTE_LIST_PERMISSIONS,
  EMAIL_VOTE_RULE_ERRORS,
  EVENTS,
  type FieldRule,
  isAdmin,
  requireUser,
  ruleBroken,
  type TChannelAccess,
  type TCommitteeEmailVotesRef,
  type TEmailVote,
  type TEmailVoteCreateInput,
  type TEmailVoteMemberStatusReply,
  type TEmailVoteRefInput,
  type TEmailVoteUpdateInput,
  type TMessageReply,
  type TRequestContext,
  type TRetrieveEmailVoteReply,
  type TVoteChannelAccessInput,
  voteChannel,
} from '@gavel/contracts';
import { sanitizeRichText } from '@gavel/service-kit';
import { memberVotingStatus, votePhase } from '@gavel/voting-rules';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../db/database.js';
import type { Db, Tx } from '../db/prisma.js';
import { VotingEvents } from '../events/voting.events.js';
import { toVoteCommittee } from '../scope/committee.mapper.js';
import type { EmailVoteRow } from '../scope/scope.repository.js';
import { notFound, ScopeService, tenantOf } from '../scope/scope.service.js';
import { VoteRepository } from '../votes/vote.repository.js';
import { type EmailVoteProgress, EmailVoteRepository } from './email-vote.repository.js';

export const EMAIL_VOTE_DELETED = 'Vote deleted';
export const DELETE_HAS_RESPONSES = 'This vote already has responses and can no longer be deleted.';
export const DELETE_ENDED = 'This vote has ended and can no longer be deleted.';
export const EDIT_ENDED = 'This vote has ended and can no longer be edited.';

type EmailVoteWrite = Pick<TEmailVoteUpdateInput, 'name' | 'description' | 'start' | 'end'>;

/** Email votes: a window holding root motions, created and edited by holders of 'create email vote'. */
@Injectable()
export class EmailVoteService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(ScopeService) private readonly scopes: ScopeService,
    @Inject(EmailVoteRepository) private readonly repo: EmailVoteRepository,
    @Inject(VotingEvents) private readonly events: VotingEvents,
    @Inject(VoteRepository) private readonly votes: VoteRepository,
  ) {}

  /**
   * GET {vote base}/retrieve/vote: the email vote with its committee from this service's read model, so a
   * member who may not read the committee's admin answer still gets its name, quorum and demographic settings.
   */
  async get(ctx: TRequestContext, input: TEmailVoteRefInput): Promise<TRetrieveEmailVoteReply> {
    const scope = await this.scopes.viewable(this.db.client, ctx, input);
    const vote = await this.view(this.db.client, scope.emailVote as EmailVoteRow);
    return { ...vote, committee: toVoteCommittee(scope.committee) };
  }

  /**
   * GET /api/admin/committee/{committeeCode}/votes[?year=]: the email votes of the committee of that year
   * (without it, the current year's, as the meetings list), newest window first. Allowed to whoever may
   * list the committee's meetings, holders of 'create email vote' and admins.
   */
  async list(ctx: TRequestContext, input: TCommitteeEmailVotesRef): Promise<TEmailVote[]> {
    requireUser(ctx);
    tenantOf(ctx);
    if (!isAdmin(ctx) && !canAny(ctx, ...EMAIL_VOTE_LIST_PERMISSIONS)) {
      throw new AppError('forbidden', 'You are not allowed to see the email votes of this committee.');
    }
    const db = this.db.client;
    const committee = await this.scopes.committeeByCode(db, ctx, input.committeeCode, input.year);
    const rows = await this.repo.listByCommittee(db, committee.tenantId, committee.id);
    const progress = await this.repo.progress(
      db,
      committee.tenantId,
      committee.id,
      rows.map((r) => r.id),
    );
    const now = new Date();
    return rows.map((row) => toEmailVote(row, progress.get(row.id), now));
  }

  create(ctx: TRequestContext, input: TEmailVoteCreateInput): Promise<TEmailVote> {
    if (!can(ctx, 'create email vote'))
      throw new AppError('forbidden', 'You are not allowed to create email votes.');
    // A vote created already over could never be edited nor deleted (both refuse an ended vote).
    if (new Date(input.end).getTime() <= Date.now()) throw ruleBroken(EMAIL_VOTE_RULE_ERRORS.newEndInPast);
    return this.db.transaction(async (tx) => {
      const committee = await this.scopes.committeeByCode(tx, ctx, input.committeeCode, input.year);
      // A committee deleted meanwhile takes the vote with it, or is gone before it is created.
      if (!(await this.repo.holdCommittee(tx, committee.tenantId, committee.id))) throw notFound('committee');
      if (await this.repo.codeTaken(tx, committee.tenantId, committee.code, input.code)) {
        throw new AppError('conflict', 'That code is already used by another vote of this committee.', {
          code: ['That code is already used by another vote of this committee.'],
        });
      }
      const row = await this.repo.create(tx, {
        tenantId: committee.tenantId,
        committeeId: committee.id,
        code: input.code,
        name: input.name,
        description: sanitizeRichText(input.description),
        start: new Date(input.start),
        end: new Date(input.end),
      });
      await this.events.emailVoteChanged(
        tx,
        EVENTS.voting.emailVoteCreated,
        toEvent(row),
        voteChannel(row.id),
      );
      return this.view(tx, row);
    });
  }

  /**
   * PUT {admin base} ('create email vote'): name, description and window. An ended vote stays as it is (a
   * closed vote is never reopened); once responses are in, only the end may move (closing early is always
   * allowed, and so is more time): the start stays where they were cast, and the name and description stay
   * what members answered (each sent unchanged, as the edit form resends them, is no change). With the
   * `updated_at` the editor loaded, an edit over someone else's saved since is refused (409), writing nothing.
   */
  update(ctx: TRequestContext, input: TEmailVoteUpdateInput): Promise<TEmailVote> {
    if (!can(ctx, 'create email vote'))
      throw new AppError('forbidden', 'You are not allowed to edit email votes.');
    return this.db.transaction(async (tx) => {
      // Serialises with the vote's other changes (a delete, another edit; casts take no scope lock) and
      // reads the vote again under the lock: an edit that committed meanwhile (closing it early) counts.
      const scope = await this.scopes.resolveLocked(tx, ctx, input);
      const current = scope.emailVote as EmailVoteRow;
      if (scope.phase === 'ended') throw new AppError('rule_broken', EDIT_ENDED);
      // Saved by someone else since the editor loaded it: the form sends every field, so saving would
      // silently undo that change.
      if (input.updated_at !== undefined && Date.parse(input.updated_at) !== current.updatedAt.getTime()) {
        throw new AppError('conflict', EMAIL_VOTE_CHANGED_MEANWHILE);
      }
      const closes = new Date(input.end).getTime() <= Date.now();
      if (closes && scope.phase === 'planned') throw ruleBroken(EMAIL_VOTE_RULE_ERRORS.plannedEndInPast);
      // What responses fix: each field that would change, with the refusal it then gets.
      const fixed = lockedByResponses(current, input);
      // Casts take no scope lock: hold the ballots against them (waiting for those in flight) to count,
      // or to close after every response that is already in.
      if (fixed.length > 0 || closes) {
        await this.votes.lockAgainstCasts(tx, current.tenantId, { emailVoteId: current.id });
      }
      const [first, ...more] = fixed;
      if (first && (await this.repo.responseCount(tx, current.tenantId, current.id)) > 0) {
        throw ruleBroken(first, ...more);
      }
      // An end in the past closes the open vote now: an earlier end would precede responses it already
      // counts (the form asks before it saves one).
      const end = closes ? new Date().toISOString() : input.end;
      return this.write(tx, current, { ...input, end });
    });
  }

  /** The demo seed's move of its email vote to the day the seed runs, whatever the vote holds. */
  reschedule(ctx: TRequestContext, input: TEmailVoteUpdateInput): Promise<TEmailVote> {
    return this.db.transaction(async (tx) => {
      const scope = await this.scopes.resolve(tx, ctx, input);
      return this.write(tx, scope.emailVote as EmailVoteRow, input);
    });
  }

  private async write(tx: Db, current: EmailVoteRow, input: EmailVoteWrite): Promise<TEmailVote> {
    const start = new Date(input.start);
    const end = new Date(input.end);
    const row = await this.repo.update(tx, current.tenantId, current.id, {
      name: input.name,
      // Left out, the description stays; null or '' clears it.
      description:
        input.description === undefined ? current.description : sanitizeRichText(input.description),
      start,
      end,
    });
    await this.repo.moveVotes(tx, row.tenantId, row.id, start, end);
    await this.events.emailVoteChanged(tx, EVENTS.voting.emailVoteUpdated, toEvent(row), voteChannel(row.id));
    return this.view(tx, row);
  }

  /**
   * DELETE {admin base} ('create email vote'): the email vote with its motions, votes and responses, only
   * while it can be modified (not ended, no response recorded), with evt.voting.email-vote.deleted and a
   * 'vote.state' broadcast (an open page refetches and learns it is gone) in the same transaction.
   */
  delete(ctx: TRequestContext, input: TEmailVoteRefInput): Promise<TMessageReply> {
    if (!can(ctx, 'create email vote'))
      throw new AppError('forbidden', 'You are not allowed to delete email votes.');
    return this.db.transaction(async (tx) => {
      // Serialises with other changes of the email vote that lock it (a second delete then finds nothing),
      // and reads it again under the lock (an edit that closed it meanwhile counts).
      const scope = await this.scopes.resolveLocked(tx, ctx, input);
      const row = scope.emailVote as EmailVoteRow;
      // Casts take no scope lock: hold the ballots against them, so the count below sees every cast in
      // flight, and one arriving meanwhile finds the vote gone.
      await this.votes.lockAgainstCasts(tx, row.tenantId, { emailVoteId: row.id });
      if ((await this.repo.responseCount(tx, row.tenantId, row.id)) > 0) {
        throw new AppError('rule_broken', DELETE_HAS_RESPONSES);
      }
      if (scope.phase === 'ended') throw new AppError('rule_broken', DELETE_ENDED);
      const deleted = await this.repo.deleteWithContents(tx, row.tenantId, row.id);
      if (deleted.status === 'answered') throw new AppError('rule_broken', DELETE_HAS_RESPONSES);
      if (deleted.status === 'missing') throw notFound('vote');
      await this.events.votesDeleted(tx, deleted.votes);
      await this.events.emailVoteChanged(
        tx,
        EVENTS.voting.emailVoteDeleted,
        toEvent(row),
        voteChannel(row.id),
      );
      return { ok: true, message: EMAIL_VOTE_DELETED };
    });
  }

  /**
   * A deleted committee's email votes that have not ended and hold no response go with it, each as a
   * deleted email vote goes (its event and a 'vote.state' broadcast). The committees service refuses the
   * deletion while it knows of such a vote; this takes one created a moment before that had not reached it
   * yet (a creation holds the committee's row, so the deletion waited for it to commit). Runs in the
   * committee consumer's transaction.
   */
  async dropForDeletedCommittee(tx: Tx, tenantId: string, committeeId: string): Promise<void> {
    for (const row of await this.repo.unended(tx, tenantId, committeeId)) {
      await this.votes.lockAgainstCasts(tx, tenantId, { emailVoteId: row.id });
      if ((await this.repo.responseCount(tx, tenantId, row.id)) > 0) continue;
      const deleted = await this.repo.deleteWithContents(tx, tenantId, row.id);
      if (deleted.status !== 'deleted') continue;
      await this.events.votesDeleted(tx, deleted.votes);
      await this.events.emailVoteChanged(
        tx,
        EVENTS.voting.emailVoteDeleted,
        toEvent(row),
        voteChannel(row.id),
      );
    }
  }

  /**
   * voting.email-vote.member-status (runners): each voting member's status across the email vote's motions,
   * counted as the progress counts of `view` are (no_vote = none answered, partial_vote = some, voted = all).
   */
  async memberStatus(ctx: TRequestContext, input: TEmailVoteRefInput): Promise<TEmailVoteMemberStatusReply> {
    requireUser(ctx);
    tenantOf(ctx);
    if (!can(ctx, 'run meetings')) throw new AppError('forbidden', 'Only meeting runners see who has voted.');
    const scope = await this.scopes.resolve(this.db.client, ctx, input);
    const row = scope.emailVote as EmailVoteRow;
    const members = await this.repo.memberProgress(this.db.client, row.tenantId, row.committeeId, row.id);
    return {
      email_vote_id: row.id,
      members: members.map((m) => ({
        membership_id: m.membership_id,
        user_id: m.user_id,
        // Nothing open to the member: no status, rather than a 'no vote' they could not change.
        status:
          m.ballots === 0
            ? null
            : memberVotingStatus({ responses_cast: m.done, maximum_responses: m.ballots }),
      })),
    };
  }

  /** voting.channel.access: whoever may view the email vote follows it; flags by permission. */
  async channelAccess(ctx: TRequestContext, input: TVoteChannelAccessInput): Promise<TChannelAccess> {
    const scope = await this.scopes.viewable(this.db.client, ctx, {
      committeeCode: input.committee_code,
      voteCode: input.vote_code,
    });
    return {
      channel: scope.channel,
      staff: can(ctx, 'modify meeting attendance'),
      runner: can(ctx, 'run meetings'),
    };
  }

  private async view(db: Db, row: EmailVoteRow): Promise<TEmailVote> {
    const progress = await this.repo.progress(db, row.tenantId, row.committeeId, [row.id]);
    return toEmailVote(row, progress.get(row.id), new Date());
  }
}

/**
 * The fields an edit would change that responses fix (all but the end), in the form's order, each with its
 * refusal. A description left out stays; one sent is compared as it would be stored (sanitised).
 */
function lockedByResponses(current: EmailVoteRow, input: EmailVoteWrite): FieldRule[] {
  const fixed: FieldRule[] = [];
  if (input.name !== current.name) fixed.push(EMAIL_VOTE_RULE_ERRORS.nameHasResponses);
  if (new Date(input.start).getTime() !== current.start.getTime()) {
    fixed.push(EMAIL_VOTE_RULE_ERRORS.startHasResponses);
  }
  if (input.description !== undefined && sanitizeRichText(input.description) !== current.description) {
    fixed.push(EMAIL_VOTE_RULE_ERRORS.descriptionHasResponses);
  }
  return fixed;
}

function toEmailVote(row: EmailVoteRow, p: EmailVoteProgress | undefined, now: Date): TEmailVote {
  const phase = votePhase({ start: row.start, end: row.end }, now);
  const { total, notStarted, incomplete, complete, responses } = p ?? {
    total: 0,
    notStarted: 0,
    incomplete: 0,
    complete: 0,
    responses: 0,
  };
  return {
    id: row.id,
    committee_id: row.committeeId,
    code: row.code,
    name: row.name,
    description: row.description,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    phase,
    can_modify: phase !== 'ended' && responses === 0,
    voting_members_count: total,
    voting_members_not_started_count: notStarted,
    voting_members_incomplete_count: incomplete,
    voting_members_complete_count: complete,
    updated_at: row.updatedAt.toISOString(),
  };
}

function toEvent(row: EmailVoteRow) {
  return {
    tenantId: row.tenantId,
    email_vote: {
      id: row.id,
      committee_id: row.committeeId,
      code: row.code,
      name: row.name,
      start: row.start.toISOString(),
      end: row.end.toISOString(),
    },
  };
}
