import { can, type Principal } from '@gavel/contracts';
import { format } from 'date-fns';
import { PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '@/components/page-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isMissing, useCommitteeEmailVotes } from '@/features/email-votes/queries';
import { emailVotePhase } from '@/features/email-votes/vote-rules';
import { HEADER_DATE_FORMAT } from '@/features/meetings/meeting-rules';
import { useCommitteeMeetings } from '@/features/meetings/queries';
import { errorText } from '@/lib/api-client';
import { toDate } from '@/lib/date-time';
import { FALLBACK } from '@/lib/messages';
import { meetingBase, paths, voteBase } from '@/lib/paths';

const STATUS_LABEL = { planned: 'Planned', in_progress: 'In Progress', ended: 'Ended' } as const;

function when(iso: string): string {
  const date = toDate(iso);
  return date ? format(date, HEADER_DATE_FORMAT) : '';
}

/** The committee admin page's Meetings and Email Votes lists, with links to them and to create new ones. */
export function CommitteeMeetingsSection({
  committeeCode,
  principal,
}: {
  committeeCode: string;
  principal: Principal;
}) {
  return (
    <>
      <MeetingsCard committeeCode={committeeCode} principal={principal} />
      <EmailVotesCard committeeCode={committeeCode} principal={principal} />
    </>
  );
}

function MeetingsCard({ committeeCode, principal }: { committeeCode: string; principal: Principal }) {
  const meetings = useCommitteeMeetings(committeeCode);
  const canEdit = can(principal, 'update meetings');
  return (
    <Card aria-labelledby="committee-meetings-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="committee-meetings-title">Meetings</CardTitle>
        {can(principal, 'create meetings') && (
          <Button asChild size="sm">
            <Link to={paths.meetingCreate(committeeCode)}>
              <PlusIcon aria-hidden="true" />
              New Meeting
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {meetings.isPending ? (
          <LoadingState />
        ) : !meetings.data ? (
          <ErrorState
            message={errorText(meetings.error, FALLBACK.retrieve)}
            onRetry={() => void meetings.refetch()}
          />
        ) : meetings.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No meetings yet</p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Meetings">
            {meetings.data.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <Link
                    to={meetingBase(committeeCode, m.code)}
                    className="font-medium break-words underline-offset-4 hover:underline"
                  >
                    {m.name}
                  </Link>
                  <span className="block text-xs text-muted-foreground">{when(m.start)}</span>
                </span>
                <span className="flex items-center gap-2">
                  <Badge variant={m.status === 'in_progress' ? 'default' : 'secondary'}>
                    {STATUS_LABEL[m.status]}
                  </Badge>
                  {canEdit && m.status !== 'ended' && (
                    <Button asChild variant="outline" size="sm">
                      <Link to={paths.meetingEdit(committeeCode, m.code)} aria-label={`Edit ${m.name}`}>
                        Edit
                      </Link>
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function EmailVotesCard({ committeeCode, principal }: { committeeCode: string; principal: Principal }) {
  const votes = useCommitteeEmailVotes(committeeCode);
  const canManage = can(principal, 'create email vote');
  const now = Date.now();
  return (
    <Card aria-labelledby="committee-votes-title">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle id="committee-votes-title">Email Votes</CardTitle>
          {isMissing(votes.error) && <CardDescription>Email votes cannot be listed yet.</CardDescription>}
        </div>
        {canManage && (
          <Button asChild size="sm">
            <Link to={paths.voteCreate(committeeCode)}>
              <PlusIcon aria-hidden="true" />
              New Email Vote
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {votes.isPending ? (
          <LoadingState />
        ) : isMissing(votes.error) ? null : !votes.data ? (
          <ErrorState
            message={errorText(votes.error, FALLBACK.retrieve)}
            onRetry={() => void votes.refetch()}
          />
        ) : votes.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No email votes yet</p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Email votes">
            {votes.data.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <Link
                    to={voteBase(committeeCode, v.code)}
                    className="font-medium break-words underline-offset-4 hover:underline"
                  >
                    {v.name}
                  </Link>
                  <span className="block text-xs text-muted-foreground">
                    {when(v.start)} - {when(v.end)}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <Badge variant="secondary">{STATUS_LABEL[emailVotePhase(v, now)]}</Badge>
                  {canManage && v.can_modify && (
                    <Button asChild variant="outline" size="sm">
                      <Link to={paths.voteEdit(committeeCode, v.code)} aria-label={`Edit ${v.name}`}>
                        Edit
                      </Link>
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
