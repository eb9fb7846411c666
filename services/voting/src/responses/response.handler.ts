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

  // Runs on the cast pool with its batching writer, not the shared pool: outside the association's share.
  @Handle(SUBJECTS.voting.responseCast, ZCastInput, { unshared: true })
  cast(input: TCastInput, ctx: TRequestContext): Promise<TCastReply> {
    return this.responses.cast(ctx, input);
  }
}
