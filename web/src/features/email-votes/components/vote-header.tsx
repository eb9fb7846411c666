import type { TEmailVote, TMeetingCommittee } from '@gavel/contracts';
import { CalendarClockIcon, PencilIcon, SettingsIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { emailVoteCountdown, emailVoteDateText, VOTE_TEXT } from '@/features/email-votes/vote-rules';
import { RichText } from '@/features/meetings/components/meeting-info-panel';
import { paths } from '@/lib/paths';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/** The email-vote header: committee and vote names, live countdown, date text, Edit Vote / Committee Admin. */
export function VoteHeader({
  vote,
  committee,
  canCreateEmailVote,
  now,
}: {
  vote: TEmailVote;
  committee: TMeetingCommittee;
  /** 'create email vote': Edit Vote (when the vote can be modified) and Committee Admin. */
  canCreateEmailVote: boolean;
  now: number;
}) {
  const date = emailVoteDateText(vote, now);
  const countdown = emailVoteCountdown(vote, now);
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground break-words">{committee.name}</p>
          <h1 className="text-2xl font-semibold tracking-tight break-words">{vote.name}</h1>
        </div>
        {canCreateEmailVote && (
          <nav aria-label="Vote administration" className="flex flex-wrap gap-2">
            {vote.can_modify && (
              <Button asChild variant="outline" size="sm">
                <Link to={paths.voteEdit(committee.code, vote.code)}>
                  <PencilIcon aria-hidden="true" />
                  {VOTE_TEXT.editVote}
                </Link>
              </Button>
            )}
            <Button asChild variant="outline" size="sm">
              <Link to={paths.committeeAdmin(committee)}>
                <SettingsIcon aria-hidden="true" />
                {VOTE_TEXT.committeeAdmin}
              </Link>
            </Button>
          </nav>
        )}
      </div>
      <p className="flex flex-wrap items-center gap-1 text-sm">
        <CalendarClockIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        <span className="text-muted-foreground">{date.label}</span>{' '}
        <span className="font-medium" data-testid="vote-date-text">
          {date.text}
        </span>
      </p>
      {countdown && (
        <div role="timer" aria-label={countdown.label} className="flex flex-wrap items-center gap-2">
          {/* A line of its own on a phone, so the four boxes fit on the next one at 360 px. */}
          <span className="w-full text-sm text-muted-foreground sm:w-auto">{countdown.label}</span>
          {UNITS.map(([key, label]) => (
            <span key={key} className="flex min-w-14 flex-col items-center rounded-md border px-2 py-1">
              <span className="font-mono text-lg font-semibold tabular-nums">{countdown.parts[key]}</span>
              <span className="text-xs text-muted-foreground">{label}</span>
            </span>
          ))}
        </div>
      )}
      {vote.description?.trim() && <RichText html={vote.description} />}
    </header>
  );
}
