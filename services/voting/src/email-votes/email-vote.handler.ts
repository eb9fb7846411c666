import {
  SUBJECTS,
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
  ZCommitteeEmailVotesRef,
  ZEmailVoteCreateInput,
  ZEmailVoteRefInput,
  ZEmailVoteUpdateInput,
  ZVoteChannelAccessInput,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { EmailVoteService } from './email-vote.service.js';

@Controller()
export class EmailVoteHandler {
  constructor(@Inject(EmailVoteService) private readonly emailVotes: EmailVoteService) {}

  @Handle(SUBJECTS.voting.emailVotesList, ZCommitteeEmailVotesRef)
  list(input: TCommitteeEmailVotesRef, ctx: TRequestContext): Promise<TEmailVote[]> {
    return this.emailVotes.list(ctx, input);
  }

  @Handle(SUBJECTS.voting.emailVoteGet, ZEmailVoteRefInput)
  get(input: TEmailVoteRefInput, ctx: TRequestContext): Promise<TRetrieveEmailVoteReply> {
    return this.emailVotes.get(ctx, input);
  }

  @Handle(SUBJECTS.voting.emailVoteCreate, ZEmailVoteCreateInput)
  create(input: TEmailVoteCreateInput, ctx: TRequestContext): Promise<TEmailVote> {
    return this.emailVotes.create(ctx, input);
  }

  @Handle(SUBJECTS.voting.emailVoteUpdate, ZEmailVoteUpdateInput)
  update(input: TEmailVoteUpdateInput, ctx: TRequestContext): Promise<TEmailVote> {
    return this.emailVotes.update(ctx, input);
  }

  @Handle(SUBJECTS.voting.emailVoteDelete, ZEmailVoteRefInput)
  delete(input: TEmailVoteRefInput, ctx: TRequestContext): Promise<TMessageReply> {
    return this.emailVotes.delete(ctx, input);
  }

  @Handle(SUBJECTS.voting.emailVoteMemberStatus, ZEmailVoteRefInput)
  memberStatus(input: TEmailVoteRefInput, ctx: TRequestContext): Promise<TEmailVoteMemberStatusReply> {
    return this.emailVotes.memberStatus(ctx, input);
  }

  @Handle(SUBJECTS.voting.channelAccess, ZVoteChannelAccessInput)
  channelAccess(input: TVoteChannelAccessInput, ctx: TRequestContext): Promise<TChannelAccess> {
    return this.emailVotes.channelAccess(ctx, input);
  }
}
