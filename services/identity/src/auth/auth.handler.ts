import {
  SUBJECTS,
  type TLoginInput,
  type TMe,
  type TPrincipalReply,
  type TRequestContext,
  ZLoginInput,
  ZPrincipalGetInput,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { z } from 'zod';
import { AuthService } from './auth.service.js';

@Controller()
export class AuthHandler {
  constructor(@Inject(AuthService) private readonly auth: AuthService) {}

  @Handle(SUBJECTS.identity.login, ZLoginInput)
  login(input: TLoginInput, ctx: TRequestContext): Promise<{ userId: string; body: TMe }> {
    return this.auth.login(ctx, input);
  }

  @Handle(SUBJECTS.identity.me, z.unknown())
  me(_input: unknown, ctx: TRequestContext): Promise<TMe> {
    return this.auth.me(ctx);
  }

  @Handle(SUBJECTS.identity.principalGet, ZPrincipalGetInput)
  principal(input: z.infer<typeof ZPrincipalGetInput>, ctx: TRequestContext): Promise<TPrincipalReply> {
    return this.auth.principal(ctx, input.userId);
  }
}
