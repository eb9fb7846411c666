import { SUBJECTS, type TMyMeeting, type TRequestContext } from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { z } from 'zod';
import { MyMeetingsService } from './my-meetings.service.js';

@Controller()
export class MyMeetingsHandler {
  constructor(@Inject(MyMeetingsService) private readonly mine: MyMeetingsService) {}

  @Handle(SUBJECTS.meetings.myMeetings, z.object({}))
  list(_input: unknown, ctx: TRequestContext): Promise<TMyMeeting[]> {
    return this.mine.list(ctx);
  }
}
