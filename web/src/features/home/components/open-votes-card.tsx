import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { HomeListCard } from '@/features/home/components/home-list-card';
import {
  HOME_TEXT,
  myVotePhase,
  PHASE_LABEL,
  rangeText,
  voteLink,
  voteProgressText,
} from '@/features/home/home-rules';
import { useMyVotes } from '@/features/home/queries';
import { voteBase } from '@/lib/paths';
import { useClock } from '@/lib/use-clock';

/** The member's email votes whose window is open now or later, with what is left for them to vote on. */
export function OpenVotesCard() {
  const votes = useMyVotes();
  const { now } = useClock();
  return (
    <HomeListCard
      id="home-votes-title"
      title="Open Votes"
      description="Email votes of your committees that are open or about to open."
      empty={HOME_TEXT.noVotes}
      query={votes}
    >
      {(items) =>
        items.map((vote) => {
          const phase = myVotePhase(vote, now);
          const link = voteLink(vote, now);
          const progress = phase === 'ended' ? null : voteProgressText(vote);
          return (
            <li key={vote.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 flex-col gap-0.5">
                <Link
                  to={voteBase(vote.committee.code, vote.code)}
                  className="font-medium break-words underline-offset-4 hover:underline"
                >
                  {vote.name}
                </Link>
                <span className="text-sm text-muted-foreground">{vote.committee.name}</span>
                <span className="text-sm text-muted-foreground">{rangeText(vote.start, vote.end)}</span>
                {progress && <span className="text-sm">{progress}</span>}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={phase === 'in_progress' ? 'default' : 'secondary'}>
                  {PHASE_LABEL[phase]}
                </Badge>
                <Button asChild size="sm" variant={link.label === HOME_TEXT.castVote ? 'default' : 'outline'}>
                  <Link to={link.to} aria-label={`${link.label}: ${vote.name}`}>
                    {link.label}
                  </Link>
                </Button>
              </div>
            </li>
          );
        })
      }
    </HomeListCard>
  );
}
