import {
  SUBJECTS,
  type TMemberVotingStatus,
  type TRequestContext,
  ZMemberStatusReply,
} from '@gavel/contracts';
import { ServiceRuntime } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';

/**
 * Per-member voting status of a vote, asked of the voting service (voting.member.status, off the hot path:
 * only when a runner loads the attendance list). Answers null when voting cannot be asked; the caller then
 * falls back to the response counts kept from evt.voting.response.* (if voting publishes them).
 */
@Injectable()
export class VotingStatusSource {
  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  async statuses(ctx: TRequestContext, voteId: string): Promise<Map<string, TMemberVotingStatus> | null> {
    try {
      const reply = await this.runtime.call(
        SUBJECTS.voting.memberStatus,
        ctx,
        { vote_id: voteId },
        ZMemberStatusReply,
        2000,
      );
      return new Map(
        reply.members.map((m) => [m.membership_id, m.status === 'partial_vote' ? 'partial' : m.status]),
      );
    } catch (err) {
      this.runtime.logger.warn(
        { voteId, reason: err instanceof Error ? err.message : String(err) },
        'voting.member.status failed; using local response counts',
      );
      return null;
    }
  }
}
