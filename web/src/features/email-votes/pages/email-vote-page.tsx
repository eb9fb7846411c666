import { can, type TRetrieveAttendanceReply } from '@gavel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '@/components/page-status';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/queries';
import { VoteFooter } from '@/features/email-votes/components/vote-footer';
import { VoteHeader } from '@/features/email-votes/components/vote-header';
import { isMissing, useEmailVote, useEmailVoteAttendance } from '@/features/email-votes/queries';
import { emailVotePhase } from '@/features/email-votes/vote-rules';
import {
  CommitteeMembersPanel,
  emailVoteTotals,
} from '@/features/meetings/components/committee-members-panel';
import { isVotingMember, liveTitle } from '@/features/meetings/meeting-rules';
import { APP_TITLE } from '@/features/shell/components/route-title';
import { MotionsPanel } from '@/features/voting/components/motions-panel';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { voteBase } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { attendancePollInterval } from '@/lib/realtime/polling';
import { useScopeLive } from '@/lib/realtime/use-scope-live';
import { useClock, useDocumentTitle } from '@/lib/use-clock';

/** /vote/:committeeCode/:voteCode: an email vote (spec section 2, "Email-vote page"). */
export function EmailVotePage() {
  const { committeeCode = '', voteCode = '' } = useParams();
  const { me, principal } = useCurrentUser();
  const runner = can(principal, 'run meetings');
  const staff = can(principal, 'modify meeting attendance');
  const { live } = useScopeLive({ kind: 'vote', committeeCode, voteCode }, { runner });
  const clock = useClock();
  const { now, tick } = clock;
  // On load the page refreshes the user state (spec section 2, "Email-vote page").
  const queryClient = useQueryClient();
  React.useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  }, [queryClient]);

  // Vote, attendance and motions each refresh on their own timer; "vote polling mirrors" attendance's.
  // Stable between renders, as the memoised members panel's props must be.
  const attendanceKey = React.useMemo(
    () => queryKeys.meetings.emailVoteAttendance(committeeCode, voteCode),
    [committeeCode, voteCode],
  );
  const cachedAttendance = queryClient.getQueryData<TRetrieveAttendanceReply>(attendanceKey);
  const cachedVote = queryClient.getQueryData<{ start: string; end: string }>(
    queryKeys.meetings.emailVote(committeeCode, voteCode),
  );
  const phase = cachedVote ? emailVotePhase(cachedVote, now) : 'planned';
  const votingMember = isVotingMember(cachedAttendance?.members, me.user.id);
  const interval = attendancePollInterval({ live, phase, runner, editor: staff, votingMember });
  const vote = useEmailVote(committeeCode, voteCode, interval, live);
  const attendance = useEmailVoteAttendance(committeeCode, voteCode, interval, live);
  const { refetch: refetchAttendance } = attendance;
  const retryAttendance = React.useCallback(() => void refetchAttendance(), [refetchAttendance]);

  const baseTitle = vote.data ? vote.data.name : 'Vote';
  useDocumentTitle(liveTitle(`${baseTitle} · ${APP_TITLE}`, tick, phase === 'in_progress'));

  if (vote.isPending) return <LoadingState />;
  // A vote deleted while the page is open (its 'vote.state' has it refetched): gone, as a deleted
  // meeting's page says after its reload, not the vote it held.
  if (!vote.data || isMissing(vote.error)) {
    return (
      <ErrorState
        heading="Vote"
        message={errorText(vote.error, FALLBACK.retrieve)}
        error={vote.error}
        onRetry={() => void vote.refetch()}
      />
    );
  }
  const data = vote.data;
  // retrieve/vote carries the committee (from the voting service's read model, for members too).
  const committee = data.committee;
  const attendanceMissing = isMissing(attendance.error);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <VoteHeader
        vote={data}
        committee={committee}
        canCreateEmailVote={can(principal, 'create email vote')}
        now={now}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(20rem,1fr)]">
        <div className="min-w-0">
          <MotionsPanel
            scope={{ kind: 'vote', committeeCode, voteCode }}
            phase={emailVotePhase(data, now)}
            committee={committee}
            attendance={attendance.data}
            live={live}
            clock={clock}
          />
        </div>
        <aside className="flex min-w-0 flex-col gap-4" aria-label="Committee members">
          {attendanceMissing ? (
            <Card aria-labelledby="members-title">
              <CardHeader>
                <CardTitle id="members-title">Committee Members</CardTitle>
                <CardDescription>{emailVoteTotals(data)}</CardDescription>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-muted-foreground">
                  The member list is not available for this vote.
                </p>
              </CardContent>
            </Card>
          ) : (
            <CommitteeMembersPanel
              mode="email_vote"
              attendance={attendance.data}
              loading={attendance.isPending}
              error={attendance.error}
              onRetry={retryAttendance}
              base={voteBase(committeeCode, voteCode)}
              attendanceKey={attendanceKey}
              meId={me.user.id}
              canModifyAttendance={staff}
              canModifyRsvps={false}
              runner={runner}
              emailVote={data}
              committee={data.committee}
            />
          )}
        </aside>
      </div>
      <VoteFooter vote={data} now={now} />
    </div>
  );
}
