import { Outbox, ServiceRuntime } from '@gavel/service-kit';
import { Module } from '@nestjs/common';
import { CommitteeEvents } from './committees/committee.events.js';
import { CommitteeHandler } from './committees/committee.handler.js';
import { CommitteeRepository } from './committees/committee.repository.js';
import { CommitteeService } from './committees/committee.service.js';
import { CommitteeCopyService } from './committees/committee-copy.service.js';
import { Database } from './db/database.js';
import { MembershipEvents } from './members/membership.events.js';
import { MembershipHandler } from './members/membership.handler.js';
import { MembershipRepository } from './members/membership.repository.js';
import { MembershipService } from './members/membership.service.js';
import { YearEvents } from './years/year.events.js';
import { YearHandler } from './years/year.handler.js';
import { YearRepository } from './years/year.repository.js';
import { YearService } from './years/year.service.js';

/** Years, committees (positions, voting rights, demographic settings) and memberships = appointments. */
@Module({
  controllers: [YearHandler, CommitteeHandler, MembershipHandler],
  providers: [
    Database,
    // The kit's runtime writes events into this service's outbox.
    { provide: Outbox, useExisting: ServiceRuntime },
    YearRepository,
    YearEvents,
    YearService,
    CommitteeRepository,
    CommitteeEvents,
    CommitteeService,
    CommitteeCopyService,
    MembershipRepository,
    MembershipEvents,
    MembershipService,
  ],
})
export class CommitteesModule {}
