import {
  SUBJECTS,
  type TCommittee,
  type TCommitteeCopyInput,
  type TCommitteeCreateInput,
  type TCommitteeRef,
  type TCommitteeUpdateInput,
  type TRequestContext,
  ZCommitteeCopyInput,
  ZCommitteeCreateInput,
  ZCommitteeRef,
  ZCommitteeUpdateInput,
  ZYearParams,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import type { z } from 'zod';
import { CommitteeService } from './committee.service.js';
import { CommitteeCopyService } from './committee-copy.service.js';

@Controller()
export class CommitteeHandler {
  constructor(
    @Inject(CommitteeService) private readonly committees: CommitteeService,
    @Inject(CommitteeCopyService) private readonly copies: CommitteeCopyService,
  ) {}

  @Handle(SUBJECTS.committees.committeeCopy, ZCommitteeCopyInput)
  copy(input: TCommitteeCopyInput, ctx: TRequestContext): Promise<TCommittee> {
    return this.copies.copy(ctx, input);
  }

  @Handle(SUBJECTS.committees.committeesList, ZYearParams)
  list(input: z.infer<typeof ZYearParams>, ctx: TRequestContext): Promise<TCommittee[]> {
    return this.committees.listByYear(ctx, input.year);
  }

  @Handle(SUBJECTS.committees.committeeGet, ZCommitteeRef)
  get(input: TCommitteeRef, ctx: TRequestContext): Promise<TCommittee> {
    return this.committees.get(ctx, input);
  }

  @Handle(SUBJECTS.committees.committeeCreate, ZCommitteeCreateInput)
  create(input: TCommitteeCreateInput, ctx: TRequestContext): Promise<TCommittee> {
    return this.committees.create(ctx, input);
  }

  @Handle(SUBJECTS.committees.committeeUpdate, ZCommitteeUpdateInput)
  update(input: TCommitteeUpdateInput, ctx: TRequestContext): Promise<TCommittee> {
    return this.committees.update(ctx, input);
  }

  @Handle(SUBJECTS.committees.committeeDelete, ZCommitteeRef)
  delete(input: TCommitteeRef, ctx: TRequestContext): Promise<{ ok: true }> {
    return this.committees.delete(ctx, input);
  }
}
