import {
  SUBJECTS,
  type TBypassRedeemInput,
  type TRequestContext,
  ZBypassCreateInput,
  type ZBypassCreateReply,
  ZBypassRedeemInput,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import type { z } from 'zod';
import { BypassCodeService } from './bypass-code.service.js';

@Controller()
export class BypassCodeHandler {
  constructor(@Inject(BypassCodeService) private readonly codes: BypassCodeService) {}

  @Handle(SUBJECTS.identity.bypass, ZBypassRedeemInput)
  redeem(input: TBypassRedeemInput, ctx: TRequestContext): Promise<{ userId: string; body: { to: string } }> {
    return this.codes.redeem(ctx, input.code, input.attempt ?? null);
  }

  @Handle(SUBJECTS.identity.bypassCreate, ZBypassCreateInput)
  create(
    input: z.output<typeof ZBypassCreateInput>,
    ctx: TRequestContext,
  ): Promise<z.infer<typeof ZBypassCreateReply>> {
    return this.codes.create(ctx, input);
  }
}
