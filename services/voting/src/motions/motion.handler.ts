import {
  SUBJECTS,
  type TMessageReply,
  type TMotion,
  type TMotionCreateInput,
  type TMotionHideInput,
  type TMotionRefInput,
  type TMotionsReply,
  type TMotionsResortInput,
  type TMotionUpdateInput,
  type TRequestContext,
  type TScopeInput,
  ZMotionCreateInput,
  ZMotionHideInput,
  ZMotionRefInput,
  ZMotionsResortInput,
  ZMotionUpdateInput,
  ZScopeInput,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { MotionService } from './motion.service.js';

type MotionReply = Promise<{ motion: TMotion; message: string }>;

@Controller()
export class MotionHandler {
  constructor(@Inject(MotionService) private readonly motions: MotionService) {}

  @Handle(SUBJECTS.voting.motionsRetrieve, ZScopeInput)
  retrieve(input: TScopeInput, ctx: TRequestContext): Promise<TMotionsReply> {
    return this.motions.retrieve(ctx, input);
  }

  @Handle(SUBJECTS.voting.motionCreate, ZMotionCreateInput)
  create(input: TMotionCreateInput, ctx: TRequestContext): MotionReply {
    return this.motions.create(ctx, input);
  }

  @Handle(SUBJECTS.voting.motionAmend, ZMotionUpdateInput)
  amend(input: TMotionUpdateInput, ctx: TRequestContext): MotionReply {
    return this.motions.amend(ctx, input);
  }

  @Handle(SUBJECTS.voting.motionUpdate, ZMotionUpdateInput)
  update(input: TMotionUpdateInput, ctx: TRequestContext): MotionReply {
    return this.motions.update(ctx, input);
  }

  @Handle(SUBJECTS.voting.motionDelete, ZMotionRefInput)
  delete(input: TMotionRefInput, ctx: TRequestContext): Promise<TMessageReply> {
    return this.motions.delete(ctx, input);
  }

  @Handle(SUBJECTS.voting.motionHide, ZMotionHideInput)
  hide(input: TMotionHideInput, ctx: TRequestContext): MotionReply {
    return this.motions.hide(ctx, input);
  }

  @Handle(SUBJECTS.voting.motionsResort, ZMotionsResortInput)
  resort(input: TMotionsResortInput, ctx: TRequestContext): Promise<TMessageReply> {
    return this.motions.resort(ctx, input);
  }
}
