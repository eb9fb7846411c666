import {
  AppError,
  can,
  EVENTS,
  type TChannelAccess,
  type TEmailVote,
  type TEmailVoteCreateInput,
  type TEmailVoteMemberStatusReply,
  type TEmailVoteRefInput,
  type TEmailVoteUpdateInput,
  type TRequestContext,
  type TVoteChannelAccessInput,
  voteChannel,
} from '@gavel/contracts';
import { memberVotingStatus, votePhase } from '@gavel/voting-rules';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../db/database.js';
import type { Db } from '../db/prisma.js';
import { VotingEvents } from '../events/voting.events.js';
import { sanitizeRich } from '../motions/sanitize.js';
import type { EmailVoteRow } from '../scope/scope.repository.js';
import { requireUser, ScopeService, tenantOf } from '../scope/scope.service.js';
import { EmailVoteRepository } from './email-vote.repository.js';

/** Email votes: a window holding root motions, created and edited by holders of 'create email vote'. */
@Injectable()
export class EmailVoteService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(ScopeService) private readonly scopes: ScopeService,
    @Inject(EmailVoteRepository) private readonly repo: EmailVoteRepository,
    @Inject(VotingEvents) private readonly events: VotingEvents,
  ) {}

  async get(ctx: TRequestContext, input: TEmailVoteRefInput): Promise<TEmailVote> {
    const scope = await this.scopes.resolve(this.db.client, ctx, input);
    return this.view(this.db.client, scope.emailVote as EmailVoteRow);
  }

  create(ctx: TRequestContext, input: TEmailVoteCreateInput): Promise<TEmailVote> {
    if (!can(ctx, 'create email vote'))
      throw new AppError('forbidden', 'You are not allowed to create email votes.');
    return this.db.transaction(async (tx) => {
      const committee = await this.scopes.committeeByCode(tx, ctx, input.committeeCode);
      if ((await this.repo.codeTaken(tx, committee.tenantId, committee.id, input.code)) > 0) {
        throw new AppError('conflict', 'That code is already used by another vote of this committee.', {
          code: ['That code is already used by another vote of this committee.'],
        });
      }
      const row = await this.repo.create(tx, {
        tenantId: committee.tenantId,
        committeeId: committee.id,
        code: input.code,
        name: input.name,
        description: sanitizeRich(input.description),
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

  update(ctx: TRequestContext, input: TEmailVoteUpdateInput): Promise<TEmailVote> {
    if (!can(ctx, 'create email vote'))
      throw new AppError('forbidden', 'You are not allowed to edit email votes.');
    return this.db.transaction(async (tx) => {
      const scope = await this.scopes.resolve(tx, ctx, input);
      const current = scope.emailVote as EmailVoteRow;
      const start = new Date(input.start);
      const end = new Date(input.end);
      const row = await this.repo.update(tx, current.tenantId, current.id, {
        name: input.name,
        description: sanitizeRich(input.description),
        start,
        end,
      });
      await this.repo.moveVotes(tx, row.tenantId, row.id, start, end);
      await this.events.emailVoteChanged(
        tx,
        EVENTS.voting.emailVoteUpdated,
        toEvent(row),
        voteChannel(row.id),
      );
      return this.view(tx, row);
    });
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
        status: memberVotingStatus({ responses_cast: m.done, maximum_responses: m.ballots }),
      })),
    };
  }

  /** voting.channel.access: any signed-in user of the association follows an email vote; flags by permission. */
  async channelAccess(ctx: TRequestContext, input: TVoteChannelAccessInput): Promise<TChannelAccess> {
    requireUser(ctx);
    tenantOf(ctx);
    const scope = await this.scopes.resolve(this.db.client, ctx, {
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
    const phase = votePhase({ start: row.start, end: row.end }, new Date());
    const p = await this.repo.progress(db, row.tenantId, row.committeeId, row.id);
    return {
      id: row.id,
      committee_id: row.committeeId,
      code: row.code,
      name: row.name,
      description: row.description,
      start: row.start.toISOString(),
      end: row.end.toISOString(),
      phase,
      can_modify: phase !== 'ended' && p.responses === 0,
      voting_members_count: p.total,
      voting_members_not_started_count: Math.max(0, p.total - p.incomplete - p.complete),
      voting_members_incomplete_count: p.incomplete,
      voting_members_complete_count: p.complete,
    };
  }
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
