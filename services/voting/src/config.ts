import { DEFAULT_MEETING_TIME_ZONE } from '@gavel/contracts';
import { ZServiceConfig, ZTimeZone } from '@gavel/service-kit';
import { z } from 'zod';

/** The voting service's variables: the kit's plus its own (all listed in .env.example). */
export const ZVotingConfig = ZServiceConfig.extend({
  /** Length of a meeting vote when the runner does not give one (seconds). */
  VOTE_DURATION_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
  /** Connections of the cast path's own pool (one INSERT per cast). */
  CAST_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(16),
  /** How often ended votes are finalized (ms). */
  FINALIZE_EVERY_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  /** The deployment's time zone (as meetings'), unless the demo association has its own: the seed moves EV1 on its later days. */
  MEETINGS_TIME_ZONE: ZTimeZone.default(DEFAULT_MEETING_TIME_ZONE),
});
export type TVotingConfig = z.infer<typeof ZVotingConfig>;

/** Injection token of the validated config (loaded once at boot by votingService, provided by votingModule). */
export const VOTING_CONFIG = Symbol('VOTING_CONFIG');
