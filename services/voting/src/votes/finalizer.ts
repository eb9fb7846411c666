import { ServiceRuntime } from '@gavel/service-kit';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { type TVotingConfig, VOTING_CONFIG } from '../config.js';
import { VoteService } from './vote.service.js';

/** Finalizes votes whose time ran out (or that were closed) on a short timer. */
@Injectable()
export class VoteFinalizer implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    @Inject(VoteService) private readonly votes: VoteService,
    @Inject(ServiceRuntime) private readonly runtime: ServiceRuntime,
    @Inject(VOTING_CONFIG) private readonly config: Pick<TVotingConfig, 'FINALIZE_EVERY_MS'>,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.votes
        .finalizeEnded()
        .catch((err) => this.runtime.logger.warn({ err }, 'finalizing votes failed; will retry'))
        .finally(() => this.schedule());
    }, this.config.FINALIZE_EVERY_MS);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
