import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { emailVotePhase } from '@/features/email-votes/vote-rules';
import { HomeListCard, HomeListItem } from '@/features/home/components/home-list-card';
import { HOME_TEXT, rangeText, voteLink, voteProgressText } from '@/features/home/home-rules';
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
          const phase = emailVotePhase(vote, now);
          const link = voteLink(vote, now);
          const progress = phase === 'ended' ? null : voteProgressText(vote, phase);
          return (
            <HomeListItem
              key={vote.id}
              to={voteBase(vote.committee.code, vote.code)}
              name={vote.name}
              phase={phase}
              details={
                <>
                  <span className="text-sm text-muted-foreground">{vote.committee.name}</span>
                  <span className="text-sm text-muted-foreground">{rangeText(vote.start, vote.end)}</span>
                  {progress && <span className="text-sm">{progress}</span>}
                </>
              }
              actions={
                <Button asChild size="sm" variant={link.label === HOME_TEXT.castVote ? 'default' : 'outline'}>
                  <Link to={link.to} aria-label={`${link.label}: ${vote.name}`}>
                    {link.label}
                  </Link>
                </Button>
              }
            />
          );
        })
      }
    </HomeListCard>
  );
}
