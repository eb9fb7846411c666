import { EVENTS, ZCurrentYearEvent } from '@gavel/contracts';
import { Outbox } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Tx } from '../db/prisma.js';
import type { CurrentYearChange } from './year.repository.js';

/**
 * The current-year event meetings and voting resolve a committee code without a year from (as this service
 * does); written in the change's transaction.
 */
@Injectable()
export class YearEvents {
  constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

  currentSet(tx: Tx, tenantId: string, change: CurrentYearChange): Promise<string> {
    return this.outbox.emit(tx, EVENTS.committees.currentYearSet, ZCurrentYearEvent, {
      tenantId,
      year: change.year,
      set_at: change.setAt,
    });
  }
}
