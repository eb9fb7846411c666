import {
  SUBJECTS,
  type TCastInput,
  type TCastReply,
  type TRequestContext,
  ZCastInput,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { ResponseService } from './response.service.js';

@Controller()
export class ResponseHandler {
  constructor(@Inject(ResponseService) private readonly responses: ResponseService) {}

  @Handle(SUBJECTS.voting.responseCast, ZCastInput)
  cast(input: TCastInput, ctx: TRequestContext): Promise<TCastReply> {
    return this.responses.cast(ctx, input);
  }
}
