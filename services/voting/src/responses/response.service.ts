import {
  AppError,
  can,
  meetingChannel,
  requireUser,
  type TCastInput,
  type TCastReply,
  type TRequestContext,
  type TVoteResponseRow,
  voteChannel,
} from '@gavel/contracts';
import { isUuid, ServiceRuntime, TtlCache } from '@gavel/service-kit';
import {
  NOT_CHECKED_IN_TOOLTIP,
  type RespondBlocker,
  respondBlocker,
  STANDARD_RESPONSE_LABELS,
  voteRecordedMessage,
} from '@gavel/voting-rules';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../db/database.js';
import { VotingEvents } from '../events/voting.events.js';
import { AttendanceCatchUp } from '../read-models/attendance-catch-up.js';
import { notFound, tenantOf } from '../scope/scope.service.js';
import { DirtyNotifier } from './dirty-notifier.js';
import { type CastArgs, type CastRow, ResponseRepository, type VoteInfo } from './response.repository.js';

const REFUSALS: Record<Exclude<RespondBlocker, 'already_chosen'>, [AppError['code'], string]> = {
  not_voting_member: ['forbidden', 'Only voting members may vote.'],
  not_checked_in: ['rule_broken', NOT_CHECKED_IN_TOOLTIP],
  vote_not_active: ['rule_broken', 'Voting is not active.'],
  not_in_filter: ['forbidden', 'This vote is limited to other demographics.'],
  maximum_reached: ['conflict', 'You have already cast every response this vote allows.'],
  unknown_response: ['bad_request', 'That is not one of the responses of this vote.'],
};

/** A runner casting for another member is told about that member, not about themself. */
const REFUSALS_FOR_MEMBER: Partial<typeof REFUSALS> = {
  not_voting_member: ['forbidden', 'That member may not vote.'],
  not_checked_in: ['rule_broken', 'That member is not checked in.'],
  not_in_filter: ['forbidden', "This vote is limited to other demographics than that member's."],
  maximum_reached: ['conflict', 'That member has already cast every response this vote allows.'],
};

/** Whether the vote is the one the cast's path names: its motion, and its meeting or email vote by code. */
function isCastScope(info: VoteInfo, input: TCastInput): boolean {
  const scopeCode = input.meetingCode ?? input.voteCode ?? '';
  return (
    info.motion_id === input.id &&
    (input.meetingCode !== undefined ? info.meeting_id !== null : info.email_vote_id !== null) &&
    info.committee_code.toLowerCase() === input.committeeCode.toLowerCase() &&
    info.scope_code.toLowerCase() === scopeCode.toLowerCase()
  );
}

/** Casting a response: the hot path (one INSERT), then a coalesced notification to realtime. */
@Injectable()
export class ResponseService {
  /** A vote's facts (its motion, meeting or email vote, codes): one lookup per burst of casts. */
  private readonly infos = new TtlCache<VoteInfo | null>(30_000);

  constructor(
    @Inject(ResponseRepository) private readonly repo: ResponseRepository,
    @Inject(DirtyNotifier) private readonly dirty: DirtyNotifier,
    @Inject(Database) private readonly db: Database,
    @Inject(VotingEvents) private readonly events: VotingEvents,
    @Inject(ServiceRuntime) private readonly runtime: Pick<ServiceRuntime, 'logger'>,
    @Inject(AttendanceCatchUp) private readonly attendance: AttendanceCatchUp,
  ) {}

  async cast(ctx: TRequestContext, input: TCastInput): Promise<TCastReply> {
    const tenantId = tenantOf(ctx);
    const userId = requireUser(ctx);
    if (!isUuid(input.voteId) || !isUuid(input.id)) throw notFound('vote');
    let info = await this.voteInfo(tenantId, input.voteId);
    // A cached entry may predate a committee or meeting rename: a mismatch is checked once more afresh.
    if (info && !isCastScope(info, input)) info = await this.voteInfo(tenantId, input.voteId, true);
    if (!info || !isCastScope(info, input)) throw notFound('vote');
    // Spec section 6: a non-runner's member_id is kept only when it is their own membership, otherwise
    // dropped; either way they vote as themself, which is what the null below resolves to.
    const memberId = input.member_id && can(ctx, 'run meetings') ? input.member_id : null;
    if (memberId !== null && !isUuid(memberId)) throw notFound('member');
    if (!isUuid(userId)) throw new AppError('forbidden', 'Only voting members may vote.');
    const args: CastArgs = {
      tenantId,
      voteId: input.voteId,
      response: input.vote,
      userId,
      memberId,
      idempotencyKey: input.idempotency_key ?? null,
    };
    let rows = memberId === null ? await this.repo.insertOwn(args) : await this.repo.insert(args);
    if (!rows.some((r) => r.new)) {
      const settled = await this.settle(args, ctx);
      if (settled) return this.reply(settled.response, settled.all, info.id);
      // Lost a race for a slot, or the check-in had not reached the read model yet: try once more.
      rows = await this.repo.insert(args);
      if (!rows.some((r) => r.new)) {
        const again = await this.settle(args, null);
        if (again) return this.reply(again.response, again.all, info.id);
        throw new AppError('conflict', 'Your vote could not be recorded. Please try again.');
      }
    }
    const channel = info.meeting_id
      ? meetingChannel(info.meeting_id)
      : voteChannel(info.email_vote_id ?? info.id);
    this.dirty.mark({ tenantId, vote_id: info.id, channel });
    const created = rows.find((r) => r.new) as CastRow;
    const reply = this.reply(created, rows, info.id);
    // Off the delegates' path: only a runner's cast for someone else tells that member's page.
    if (memberId !== null) await this.tellMember(tenantId, channel, created.user_id, reply.response);
    return reply;
  }

  private async tellMember(
    tenantId: string,
    channel: string,
    userId: string,
    response: TVoteResponseRow,
  ): Promise<void> {
    try {
      await this.events.responseForMember(this.db.client, tenantId, channel, userId, response);
    } catch (err) {
      // The response is recorded and acknowledged; the member's page catches up on its next refetch.
      this.runtime.logger.warn({ err }, 'telling the member about a response failed');
    }
  }

  private async voteInfo(tenantId: string, voteId: string, fresh = false): Promise<VoteInfo | null> {
    const key = `${tenantId}:${voteId}`;
    if (fresh) this.infos.delete(key);
    const info = await this.infos.getOrLoad(key, () => this.repo.voteInfo(tenantId, voteId));
    if (!info) this.infos.delete(key); // an unknown vote is not remembered
    return info;
  }

  /**
   * Nothing was inserted: a duplicate (same idempotency key, or the same response again) answers the
   * recorded response as a success; anything else throws the rule it broke. null: no rule broken (a race
   * for the member's next slot, or a check-in the meetings service confirms when `ctx` is given to ask
   * with), so the caller tries again.
   */
  private async settle(
    args: CastArgs,
    ctx: TRequestContext | null,
  ): Promise<{ response: CastRow; all: CastRow[] } | null> {
    const d = await this.repo.diagnose(args);
    const asRow = (r: { id: string; member_id: string; user_id: string; response: string }): CastRow => ({
      ...r,
      new: false,
    });
    if (d.byKey) {
      const all = d.prior.length > 0 ? d.prior.map(asRow) : [asRow(d.byKey)];
      return { response: asRow(d.byKey), all };
    }
    if (!d.vote) throw notFound('vote');
    if (d.vote.discarded) throw new AppError('rule_broken', 'This vote was replaced by a revote.');
    const same = d.prior.find((r) => r.response === args.response);
    if (same) return { response: asRow(same), all: d.prior.map(asRow) };
    const refusal = (blocker: keyof typeof REFUSALS) => {
      const [code, message] = (args.memberId !== null && REFUSALS_FOR_MEMBER[blocker]) || REFUSALS[blocker];
      // A response outside the ballot is bad input: named on its field, as a validation failure is.
      return new AppError(code, message, code === 'bad_request' ? { vote: [message] } : undefined);
    };
    if (!d.member) throw refusal('not_voting_member');
    const blocker = respondBlocker({
      member: { is_voting: d.member.is_voting, membership: { demographic: d.member.demographic } },
      checked_in: d.vote.require_check_in ? d.member.checked_in : null,
      vote_active: d.vote.active,
      is_amendment_vote: d.vote.type === 'amendment',
      motion: {
        maximum_responses: d.vote.maximum_responses,
        motion_filter: d.vote.motion_filter,
        motion_responses: null,
      },
      member_responses: d.prior.map((r) => r.response),
      response: args.response,
      // The ballot, not the motion: it may leave abstain out (hidden by the association).
      offered: d.vote.responses,
    });
    if (blocker === null || blocker === 'already_chosen') return null;
    if (
      blocker === 'not_checked_in' &&
      ctx !== null &&
      d.vote.meeting_id !== null &&
      (await this.attendance.checkedIn(ctx, d.vote.meeting_id, d.member.id))
    )
      return null;
    throw refusal(blocker);
  }

  /**
   * The answer names the response recorded, which is not the one asked for when a reused idempotency key
   * answers an earlier cast: the page shows this message.
   */
  private reply(created: CastRow, rows: CastRow[], voteId: string): TCastReply {
    const all = rows.map((r) => ({
      id: r.id,
      vote_id: voteId,
      member_id: r.member_id,
      response: r.response,
    }));
    return {
      response: { id: created.id, vote_id: voteId, member_id: created.member_id, response: created.response },
      responses: all,
      message: voteRecordedMessage(STANDARD_RESPONSE_LABELS[created.response] ?? created.response),
    };
  }
}
