import { Outbox, ServiceRuntime } from '@gavel/service-kit';
import { Module, type Type } from '@nestjs/common';
import { type TVotingConfig, VOTING_CONFIG } from './config.js';
import { CastPool } from './db/cast-pool.js';
import { Database } from './db/database.js';
import { EmailVoteHandler } from './email-votes/email-vote.handler.js';
import { EmailVoteRepository } from './email-votes/email-vote.repository.js';
import { EmailVoteService } from './email-votes/email-vote.service.js';
import { VotingEvents } from './events/voting.events.js';
import { MyVotesHandler } from './me/my-votes.handler.js';
import { MyVotesRepository } from './me/my-votes.repository.js';
import { MyVotesService } from './me/my-votes.service.js';
import { MotionHandler } from './motions/motion.handler.js';
import { MotionRepository } from './motions/motion.repository.js';
import { MotionService } from './motions/motion.service.js';
import { VotingStateLoader } from './motions/voting-state.js';
import { AttendanceCatchUp } from './read-models/attendance-catch-up.js';
import { DirtyNotifier } from './responses/dirty-notifier.js';
import { ResponseHandler } from './responses/response.handler.js';
import { ResponseRepository } from './responses/response.repository.js';
import { ResponseService } from './responses/response.service.js';
import { TallyRecovery } from './responses/tally-recovery.js';
import { ScopeRepository } from './scope/scope.repository.js';
import { ScopeService } from './scope/scope.service.js';
import { VotingSettings } from './scope/voting-settings.js';
import { VoteFinalizer } from './votes/finalizer.js';
import { VoteHandler } from './votes/vote.handler.js';
import { VoteRepository } from './votes/vote.repository.js';
import { VoteService } from './votes/vote.service.js';

/**
 * Motions, amendments, votes (meetings and email votes), responses, results and their visibility. Built
 * per process from the validated config.
 */
export function votingModule(config: TVotingConfig): Type<unknown> {
  @Module({
    controllers: [MotionHandler, VoteHandler, ResponseHandler, EmailVoteHandler, MyVotesHandler],
    providers: [
      { provide: VOTING_CONFIG, useValue: config },
      Database,
      CastPool,
      { provide: Outbox, useExisting: ServiceRuntime },
      VotingEvents,
      ScopeRepository,
      ScopeService,
      VotingSettings,
      MotionRepository,
      VoteRepository,
      VotingStateLoader,
      MotionService,
      VoteService,
      VoteFinalizer,
      ResponseRepository,
      DirtyNotifier,
      TallyRecovery,
      AttendanceCatchUp,
      ResponseService,
      EmailVoteRepository,
      EmailVoteService,
      MyVotesRepository,
      MyVotesService,
    ],
  })
  class VotingModule {}
  return VotingModule;
}
