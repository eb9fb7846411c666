import { EVENTS, ZUserEvent } from '@gavel/contracts';
import { Outbox } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Tx } from '../db/prisma.js';
import { toUserEvent, type UserRow } from './user.mapper.js';

/** The user events other services keep their display copies from; written in the change's transaction. */
@Injectable()
export class UserEvents {
  constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

  created(tx: Tx, tenantId: string, user: UserRow): Promise<string> {
    return this.outbox.emit(tx, EVENTS.identity.userCreated, ZUserEvent, toUserEvent(tenantId, user));
  }

  updated(tx: Tx, tenantId: string, user: UserRow): Promise<string> {
    return this.outbox.emit(tx, EVENTS.identity.userUpdated, ZUserEvent, toUserEvent(tenantId, user));
  }
}
