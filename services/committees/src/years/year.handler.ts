import {
  SUBJECTS,
  type TRequestContext,
  type TSetYearInput,
  type TYear,
  ZSetYearInput,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { z } from 'zod';
import { YearService } from './year.service.js';

@Controller()
export class YearHandler {
  constructor(@Inject(YearService) private readonly years: YearService) {}

  @Handle(SUBJECTS.committees.yearsList, z.object({}))
  list(_input: unknown, ctx: TRequestContext): Promise<TYear[]> {
    return this.years.list(ctx);
  }

  @Handle(SUBJECTS.committees.yearSet, ZSetYearInput)
  set(input: TSetYearInput, ctx: TRequestContext): Promise<TYear[]> {
    return this.years.setCurrent(ctx, input.year);
  }
}
