import {
  SUBJECTS,
  type TRequestContext,
  type TUserEditView,
  type TUserListInput,
  type TUserSearchResult,
  type TUserUpdateInput,
  ZUserIdParams,
  ZUserListInput,
  ZUserUpdateInput,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import type { z } from 'zod';
import { UserService } from './user.service.js';

@Controller()
export class UserHandler {
  constructor(@Inject(UserService) private readonly users: UserService) {}

  @Handle(SUBJECTS.identity.usersList, ZUserListInput)
  list(input: TUserListInput, ctx: TRequestContext): Promise<TUserSearchResult[]> {
    return this.users.search(ctx, input);
  }

  @Handle(SUBJECTS.identity.usersGet, ZUserIdParams)
  get(input: z.infer<typeof ZUserIdParams>, ctx: TRequestContext): Promise<TUserEditView> {
    return this.users.getEditView(ctx, input.id);
  }

  @Handle(SUBJECTS.identity.usersUpdate, ZUserUpdateInput)
  update(input: TUserUpdateInput, ctx: TRequestContext): Promise<TUserEditView> {
    return this.users.update(ctx, input);
  }
}
