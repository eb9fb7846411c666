import { EVENTS, ZCommitteeEvent } from '@gavel/contracts';
import { Outbox } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Tx } from '../db/prisma.js';
import { toCommitteeEventBody } from './committee.mapper.js';
import type { CommitteeRow } from './committee.repository.js';

/** Committee events meetings and voting keep their read models from; written in the change's transaction. */
@Injectable()
export class CommitteeEvents {
  constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

  created(tx: Tx, tenantId: string, row: CommitteeRow): Promise<string> {
    return this.emit(tx, EVENTS.committees.committeeCreated, tenantId, row);
  }

  updated(tx: Tx, tenantId: string, row: CommitteeRow): Promise<string> {
    return this.emit(tx, EVENTS.committees.committeeUpdated, tenantId, row);
  }

  deleted(tx: Tx, tenantId: string, row: CommitteeRow): Promise<string> {
    return this.emit(tx, EVENTS.committees.committeeDeleted, tenantId, row);
  }

  private emit(tx: Tx, subject: string, tenantId: string, row: CommitteeRow): Promise<string> {
    return this.outbox.emit(tx, subject, ZCommitteeEvent, { tenantId, committee: toCommitteeEventBody(row) });
  }
}
