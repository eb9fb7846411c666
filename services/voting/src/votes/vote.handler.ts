import {
  SUBJECTS,
  type TMemberStatusReply,
  type TRequestContext,
  type TVoteAddTimeInput,
  type TVoteLiveInput,
  type TVoteLiveReply,
  type TVoteRefInput,
  type TVoteReply,
  type TVoteStartInput,
  ZMemberStatusInput,
  ZVoteAddTimeInput,
  ZVoteLiveInput,
  ZVoteRefInput,
  ZVoteStartInput,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import type { z } from 'zod';
import { VoteService } from './vote.service.js';

@Controller()
export class VoteHandler {
  constructor(@Inject(VoteService) private readonly votes: VoteService) {}

  @Handle(SUBJECTS.voting.voteStart, ZVoteStartInput)
  start(input: TVoteStartInput, ctx: TRequestContext): Promise<TVoteReply> {
    return this.votes.start(ctx, input);
  }

  @Handle(SUBJECTS.voting.voteUnanimous, ZVoteStartInput)
  unanimous(input: TVoteStartInput, ctx: TRequestContext): Promise<TVoteReply> {
    return this.votes.unanimous(ctx, input);
  }

  @Handle(SUBJECTS.voting.voteAddTime, ZVoteAddTimeInput)
  addTime(input: TVoteAddTimeInput, ctx: TRequestContext): Promise<TVoteReply> {
    return this.votes.addTime(ctx, input);
  }

  @Handle(SUBJECTS.voting.voteClose, ZVoteRefInput)
  close(input: TVoteRefInput, ctx: TRequestContext): Promise<TVoteReply> {
    return this.votes.close(ctx, input);
  }

  /** Asked by the realtime service's tally coalescer, in the vote's tenant. */
  @Handle(SUBJECTS.voting.voteLive, ZVoteLiveInput)
  live(input: TVoteLiveInput, ctx: TRequestContext): Promise<TVoteLiveReply | null> {
    return this.votes.live(ctx.tenantId, input.vote_id);
  }

  @Handle(SUBJECTS.voting.memberStatus, ZMemberStatusInput)
  memberStatus(input: z.infer<typeof ZMemberStatusInput>, ctx: TRequestContext): Promise<TMemberStatusReply> {
    return this.votes.memberStatus(ctx, input.vote_id);
  }
}
