import {
  AppError,
  can,
  EVENTS,
  requirePermission,
  requireUser,
  type TCommittee,
  type TCommitteeCopyInput,
  type TRequestContext,
  ZResourcesCopyRequestedEvent,
} from '@gavel/contracts';
import { isUniqueViolation, isUuid, Outbox } from '@gavel/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../db/database.js';
import { MembershipEvents } from '../members/membership.events.js';
import { MembershipRepository } from '../members/membership.repository.js';
import { YearService } from '../years/year.service.js';
import { CommitteeEvents } from './committee.events.js';
import { CommitteeRepository, settingsOf } from './committee.repository.js';
import { CommitteeService, codeConflict } from './committee.service.js';

/**
 * POST /api/admin/committees/copy ('create committees'): a new committee in the target year (or term) with
 * the source's settings, positions, voting rights, demographic values and members (as Tentative); when
 * asked, the resources service copies the resources on the copy-requested event.
 */
@Injectable()
export class CommitteeCopyService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(CommitteeRepository) private readonly committees: CommitteeRepository,
    @Inject(CommitteeService) private readonly committeeService: CommitteeService,
    @Inject(MembershipRepository) private readonly memberships: MembershipRepository,
    @Inject(YearService) private readonly years: YearService,
    @Inject(CommitteeEvents) private readonly committeeEvents: CommitteeEvents,
    @Inject(MembershipEvents) private readonly membershipEvents: MembershipEvents,
    @Inject(Outbox) private readonly outbox: Outbox,
  ) {}

  async copy(ctx: TRequestContext, input: TCommitteeCopyInput): Promise<TCommittee> {
    requireUser(ctx);
    requirePermission(can(ctx, 'create committees'));
    const tenantId = ctx.tenantId;
    const year = input.term_based ? null : (input.year ?? null);
    try {
      return await this.db.transaction(async (tx) => {
        const found = isUuid(input.guid) ? await this.committees.findByGuid(tx, tenantId, input.guid) : null;
        // Held against a settings change (and deletion) until commit, and read after the lock: else a
        // position renamed between reading its positions and its members left copied members on a
        // position the copy does not have.
        const source = found ? await this.committees.lockForMembers(tx, tenantId, found.id) : null;
        if (!source) throw new AppError('not_found', 'Committee not found.');
        if (await this.committees.codeTaken(tx, tenantId, input.code, year)) throw codeConflict();
        if (year !== null) await this.years.ensure(tx, tenantId, year);
        const copy = await this.committees.create(tx, tenantId, {
          ...settingsOf(source),
          name: input.name,
          code: input.code,
          year,
        });
        await this.committeeEvents.created(tx, tenantId, copy);
        // Members and their events in one statement each: a convention's committee has thousands of
        // members, and a write per member made a copy of a few thousand outlast its transaction.
        const members = await this.memberships.copyMembers(tx, tenantId, source.id, copy.id);
        await this.membershipEvents.allCreated(tx, tenantId, members);
        if (input.copy_resources) {
          await this.outbox.emit(tx, EVENTS.committees.resourcesCopyRequested, ZResourcesCopyRequestedEvent, {
            tenantId,
            from_committee_id: source.id,
            to_committee_id: copy.id,
          });
        }
        return this.committeeService.presentOne(tx, tenantId, copy);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw codeConflict();
      throw err;
    }
  }
}
