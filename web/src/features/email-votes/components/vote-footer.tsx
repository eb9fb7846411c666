import type { TEmailVote } from '@gavel/contracts';
import { emailVoteBanner, emailVotePhase } from '@/features/email-votes/vote-rules';
import { cn } from '@/lib/cn';

/** The email-vote footer banner: 'Vote Active', 'Vote Concluded', or when it opens. */
export function VoteFooter({ vote, now }: { vote: Pick<TEmailVote, 'start' | 'end'>; now: number }) {
  const phase = emailVotePhase(vote, now);
  return (
    <footer className="sticky bottom-0 z-10 flex flex-wrap items-center gap-2 border-t bg-background/95 px-1 py-3 backdrop-blur">
      <span
        role="status"
        className={cn(
          'inline-flex items-center rounded-md px-3 py-1.5 text-sm font-semibold',
          phase === 'in_progress' && 'bg-green-100 text-green-900',
          phase === 'ended' && 'bg-muted text-muted-foreground',
          phase === 'planned' && 'bg-blue-50 text-blue-950',
        )}
      >
        {emailVoteBanner(vote, now)}
      </span>
    </footer>
  );
}
