import { ServiceRuntime } from '@gavel/service-kit';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Database } from '../db/database.js';
import { VoteRepository } from '../votes/vote.repository.js';
import { channelOf } from '../votes/vote.service.js';
import { DirtyNotifier } from './dirty-notifier.js';

/**
 * A cast is acknowledged once committed, and realtime hears of it from the DirtyNotifier's next batch, held
 * in memory for a few milliseconds: a process killed in between leaves open pages on an older tally until
 * the next cast. So a voting process that starts marks every running vote dirty, and realtime fetches
 * their tallies afresh.
 */
@Injectable()
export class TallyRecovery implements OnApplicationBootstrap {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(VoteRepository) private readonly votes: VoteRepository,
    @Inject(DirtyNotifier) private readonly dirty: DirtyNotifier,
    @Inject(ServiceRuntime) private readonly runtime: ServiceRuntime,
  ) {}

  onApplicationBootstrap(): void {
    void this.announceRunningVotes().catch((err) =>
      this.runtime.logger.warn({ err }, 'announcing running votes after start failed'),
    );
  }

  async announceRunningVotes(): Promise<number> {
    const running = await this.votes.runningNow(this.db.client);
    for (const v of running) {
      const channel = channelOf({ meetingId: v.meeting_id, emailVoteId: v.email_vote_id, id: v.id });
      this.dirty.mark({ tenantId: v.tenant_id, vote_id: v.id, channel });
    }
    return running.length;
  }
}
