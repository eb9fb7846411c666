import type { TMyVote, TRequestContext } from '@gavel/contracts';
import { requireUser } from '@gavel/contracts';
import { isUuid } from '@gavel/service-kit';
import { votePhase } from '@gavel/voting-rules';
import { Inject, Injectable } from '@nestjs/common';
import { Database } from '../db/database.js';
import { tenantOf } from '../scope/scope.service.js';
import { MyVotesRepository } from './my-votes.repository.js';

/** The member home's email votes: the signed-in user's own, never anyone else's. */
@Injectable()
export class MyVotesService {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(MyVotesRepository) private readonly repo: MyVotesRepository,
  ) {}

  /**
   * GET /api/me/votes: email votes of the committees the user is a member of (appointment not declined)
   * whose window is open now or opens later, by start, each with how many of its motions the user may vote
   * on and how many of those they have not answered. Needs only a signed-in user: the list is theirs.
   */
  async list(ctx: TRequestContext, now = new Date()): Promise<TMyVote[]> {
    const userId = requireUser(ctx);
    const tenantId = tenantOf(ctx);
    if (!isUuid(userId)) return [];
    const rows = await this.repo.openEmailVotes(this.db.client, tenantId, userId, now);
    const out: TMyVote[] = [];
    for (const row of rows) {
      const phase = votePhase({ start: row.start, end: row.end }, now);
      if (phase === 'ended') continue;
      out.push({
        id: row.id,
        code: row.code,
        name: row.name,
        start: row.start.toISOString(),
        end: row.end.toISOString(),
        phase,
        committee: {
          id: row.committee_id,
          code: row.committee_code,
          name: row.committee_name,
          year: row.committee_year,
        },
        is_voting: row.is_voting,
        motions_count: row.ballots,
        motions_to_vote_count: row.open_ballots,
      });
    }
    return out;
  }
}
