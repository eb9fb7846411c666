import { SUBJECTS, type TMyVote, type TRequestContext } from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { z } from 'zod';
import { MyVotesService } from './my-votes.service.js';

@Controller()
export class MyVotesHandler {
  constructor(@Inject(MyVotesService) private readonly mine: MyVotesService) {}

  @Handle(SUBJECTS.voting.myVotes, z.object({}))
  list(_input: unknown, ctx: TRequestContext): Promise<TMyVote[]> {
    return this.mine.list(ctx);
  }
}
