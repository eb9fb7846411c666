import { EVENTS, ZMembershipEvent } from '@gavel/contracts';
import { Outbox } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Tx } from '../db/prisma.js';
import { toMembershipEvent } from './membership.mapper.js';
import type { MembershipRow } from './membership.repository.js';

/** Membership events meetings and voting keep who may vote from; written in the change's transaction. */
@Injectable()
export class MembershipEvents {
  constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

  created(tx: Tx, tenantId: string, row: MembershipRow): Promise<string> {
    return this.one(tx, EVENTS.committees.membershipCreated, tenantId, row);
  }

  updated(tx: Tx, tenantId: string, row: MembershipRow): Promise<string> {
    return this.one(tx, EVENTS.committees.membershipUpdated, tenantId, row);
  }

  deleted(tx: Tx, tenantId: string, row: MembershipRow): Promise<string> {
    return this.one(tx, EVENTS.committees.membershipDeleted, tenantId, row);
  }

  /** A membership.created event for each of `rows`, in one statement (a committee's copy). */
  allCreated(tx: Tx, tenantId: string, rows: readonly MembershipRow[]): Promise<string[]> {
    return this.all(tx, EVENTS.committees.membershipCreated, tenantId, rows);
  }

  /** A membership.updated event for each of `rows`, in one statement (a committee's settings). */
  allUpdated(tx: Tx, tenantId: string, rows: readonly MembershipRow[]): Promise<string[]> {
    return this.all(tx, EVENTS.committees.membershipUpdated, tenantId, rows);
  }

  /** A membership.deleted event for each of `rows`, in one statement (a committee's deletion). */
  allDeleted(tx: Tx, tenantId: string, rows: readonly MembershipRow[]): Promise<string[]> {
    return this.all(tx, EVENTS.committees.membershipDeleted, tenantId, rows);
  }

  private one(tx: Tx, subject: string, tenantId: string, row: MembershipRow): Promise<string> {
    return this.outbox.emit(tx, subject, ZMembershipEvent, toMembershipEvent(tenantId, row));
  }

  private all(tx: Tx, subject: string, tenantId: string, rows: readonly MembershipRow[]): Promise<string[]> {
    return this.outbox.emitAll(
      tx,
      subject,
      ZMembershipEvent,
      rows.map((row) => toMembershipEvent(tenantId, row)),
    );
  }
}
