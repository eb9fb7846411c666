import {
  SUBJECTS,
  type TEmailVoteRefInput,
  type TMemberVotingStatus,
  type TRequestContext,
  type TVotingMemberStatus,
  ZEmailVote,
  ZEmailVoteMemberStatusReply,
  ZMemberStatusReply,
} from '@gavel/contracts';
import { ServiceRuntime } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';

/** How long a runner's attendance list waits for the voting service before it goes without statuses. */
const VOTING_TIMEOUT_MS = 2000;

/** The voting service's wording of a status, as the attendance lists word it. */
const asListed = (status: TVotingMemberStatus): TMemberVotingStatus =>
  status === 'partial_vote' ? 'partial' : status;

/**
 * What the attendance lists ask of the voting service, off the hot path. Per-member voting status: only
 * when a runner loads an attendance list. Answers null when voting cannot be asked (no responder, timeout,
 * error); the list then goes without statuses.
 */
@Injectable()
export class VotingStatusSource {
  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  /** voting.member.status: one vote of a meeting. */
  async statuses(ctx: TRequestContext, voteId: string): Promise<Map<string, TMemberVotingStatus> | null> {
    try {
      const reply = await this.runtime.call(
        SUBJECTS.voting.memberStatus,
        ctx,
        { vote_id: voteId },
        ZMemberStatusReply,
        VOTING_TIMEOUT_MS,
      );
      return new Map(reply.members.map((m) => [m.membership_id, asListed(m.status)]));
    } catch (err) {
      this.runtime.logger.warn(
        { voteId, reason: reason(err) },
        'voting.member.status failed; the list goes without voting statuses',
      );
      return null;
    }
  }

  /**
   * voting.email-vote.get: the committee of an email vote this service has no copy of yet (created a moment
   * ago, or before the events the stream still keeps). Throws what voting answers (not found, forbidden).
   */
  async emailVoteCommitteeId(ctx: TRequestContext, ref: TEmailVoteRefInput): Promise<string> {
    const vote = await this.runtime.call(
      SUBJECTS.voting.emailVoteGet,
      ctx,
      ref,
      // Only what is used of voting's answer (the email-vote page's whole retrieve/vote).
      ZEmailVote.pick({ committee_id: true }),
      VOTING_TIMEOUT_MS,
    );
    return vote.committee_id;
  }

  /** voting.email-vote.member-status: each voting member across an email vote's motions (null: none open to them). */
  async emailVoteStatuses(
    ctx: TRequestContext,
    ref: TEmailVoteRefInput,
  ): Promise<Map<string, TMemberVotingStatus | null> | null> {
    try {
      const reply = await this.runtime.call(
        SUBJECTS.voting.emailVoteMemberStatus,
        ctx,
        ref,
        ZEmailVoteMemberStatusReply,
        VOTING_TIMEOUT_MS,
      );
      return new Map(reply.members.map((m) => [m.membership_id, m.status && asListed(m.status)]));
    } catch (err) {
      this.runtime.logger.warn(
        { committeeCode: ref.committeeCode, voteCode: ref.voteCode, reason: reason(err) },
        'voting.email-vote.member-status failed; listing members without voting status',
      );
      return null;
    }
  }
}

function reason(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
