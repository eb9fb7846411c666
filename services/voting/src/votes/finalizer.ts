import { ServiceRuntime } from '@gavel/service-kit';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { votingConfig } from '../config.js';
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
    }, votingConfig().FINALIZE_EVERY_MS);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
