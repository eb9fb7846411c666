import { can, type TRetrieveAttendanceReply, type TRetrieveMeetingReply } from '@gavel/contracts';
import { findActiveVote } from '@gavel/voting-rules';
import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState, LoadingState } from '@/components/page-status';
import { useCurrentUser } from '@/features/auth/queries';
import { CommitteeMembersPanel } from '@/features/meetings/components/committee-members-panel';
import { MeetingFooter } from '@/features/meetings/components/meeting-footer';
import { MeetingHeader } from '@/features/meetings/components/meeting-header';
import { MeetingInfoPanel } from '@/features/meetings/components/meeting-info-panel';
import { OwnRsvpCard } from '@/features/meetings/components/own-rsvp-card';
import { ResourcesPanel } from '@/features/meetings/components/resources-panel';
import {
  attendancePanelMode,
  isVotingMember,
  isVotingMemberNotCheckedIn,
  liveTitle,
  MEETING_TEXT,
  memberOf,
  ownRsvpRow,
} from '@/features/meetings/meeting-rules';
import { useMeetingAttendance, useMeetingPage } from '@/features/meetings/queries';
import { useLeaveGuard, useScrollToActiveVote } from '@/features/meetings/use-leave-guard';
import { APP_TITLE } from '@/features/shell/components/route-title';
import { MotionsPanel } from '@/features/voting/components/motions-panel';
import { adminBase } from '@/features/voting/scope';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { meetingBase } from '@/lib/paths';
import { queryKeys } from '@/lib/query-keys';
import { attendancePollInterval, meetingPollInterval } from '@/lib/realtime/polling';
import { useScopeLive } from '@/lib/realtime/use-scope-live';
import { useScopeVotes } from '@/lib/realtime/use-scope-votes';
import { useClock, useDocumentTitle } from '@/lib/use-clock';

/**
 * /meeting/:committeeCode/:meetingCode (and .../rsvp, the RSVP Now link, with `awaitingRsvp`): the live
 * meeting page of spec section 2.
 */
export function MeetingPage({ awaitingRsvp = false }: { awaitingRsvp?: boolean }) {
  const { committeeCode = '', meetingCode = '' } = useParams();
  const { me, principal } = useCurrentUser();
  const runner = can(principal, 'run meetings');
  const staff = can(principal, 'modify meeting attendance');
  const canModifyRsvps = can(principal, 'modify meeting rsvps');
  const scope = { kind: 'meeting' as const, committeeCode, meetingCode };

  const { live } = useScopeLive(scope, { runner });
  const clock = useClock();
  const { now, tick } = clock;
  const votes = useScopeVotes(scope);
  const activeVote = findActiveVote(votes, now, tick);

  // The intervals depend on both answers: read what the cache holds now (this page re-renders whenever
  // either query changes, so the values are current), then subscribe to both queries.
  const queryClient = useQueryClient();
  // Stable between renders, as the memoised members panel's props must be.
  const attendanceKey = React.useMemo(
    () => queryKeys.meetings.attendance(committeeCode, meetingCode),
    [committeeCode, meetingCode],
  );
  const cachedPage = queryClient.getQueryData<TRetrieveMeetingReply>(
    queryKeys.meetings.detail(committeeCode, meetingCode),
  );
  const cachedAttendance = queryClient.getQueryData<TRetrieveAttendanceReply>(attendanceKey);
  const phase = cachedPage?.meeting.status ?? 'planned';
  const votingMember = isVotingMember(cachedAttendance?.members, me.user.id);
  const editor = staff || (phase === 'planned' && canModifyRsvps);
  const page = useMeetingPage(
    committeeCode,
    meetingCode,
    meetingPollInterval({ live, phase, runner, votingMember, activeVote: activeVote !== null }),
    live,
  );
  const attendance = useMeetingAttendance(
    committeeCode,
    meetingCode,
    attendancePollInterval({ live, phase, runner, editor, votingMember }),
    live,
  );
  const mine = memberOf(attendance.data?.members, me.user.id);
  const { refetch: refetchAttendance } = attendance;
  const retryAttendance = React.useCallback(() => void refetchAttendance(), [refetchAttendance]);

  const inProgress = phase === 'in_progress';
  // The motion edit links, {adminBase}/motion/{id}, show this page too.
  const blocker = useLeaveGuard(
    inProgress,
    (path) =>
      path === meetingBase(committeeCode, meetingCode) || path.startsWith(`${adminBase(scope)}/motion/`),
  );
  useScrollToActiveVote(activeVote);
  const baseTitle = page.data ? `${page.data.meeting.name} | ${page.data.committee.name}` : 'Meeting';
  useDocumentTitle(liveTitle(`${baseTitle} · ${APP_TITLE}`, tick, inProgress));

  if (page.isPending) return <LoadingState />;
  if (!page.data) {
    return (
      <ErrorState
        heading="Meeting"
        message={errorText(page.error, FALLBACK.retrieve)}
        error={page.error}
        onRetry={() => void page.refetch()}
      />
    );
  }
  const { meeting, committee, resources } = page.data;
  const mode = attendancePanelMode(meeting.status, canModifyRsvps);
  const base = meetingBase(committeeCode, meetingCode);
  // The member's own RSVP card: on the RSVP Now link's page, and on the meeting page once they have
  // answered, so that their answer shows and can be changed (the RSVP Now alert asks those who have not).
  const rsvpRow = ownRsvpRow(attendance.data?.members, me.user, meeting);
  const ownRsvp = meeting.status === 'planned' && rsvpRow !== null && (awaitingRsvp || rsvpRow.rsvp !== null);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <MeetingHeader
        meeting={meeting}
        committee={committee}
        canUpdateMeetings={can(principal, 'update meetings')}
        me={rsvpRow}
        now={now}
        rsvpCardShown={ownRsvp}
      />
      {ownRsvp && rsvpRow && (
        <OwnRsvpCard
          meeting={meeting}
          member={rsvpRow}
          base={base}
          attendanceKey={attendanceKey}
          focusOnArrival={awaitingRsvp}
        />
      )}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(20rem,1fr)]">
        <div className="min-w-0">
          {meeting.show_motions ? (
            <MotionsPanel
              scope={{ kind: 'meeting', committeeCode, meetingCode }}
              phase={meeting.status}
              committee={committee}
              attendance={attendance.data}
              live={live}
              clock={clock}
              inMeetingVoting={meeting.in_meeting_voting}
            />
          ) : (
            <MeetingInfoPanel meeting={meeting} committeeCode={committeeCode} />
          )}
        </div>
        <aside className="flex min-w-0 flex-col gap-4" aria-label="Resources and attendance">
          <ResourcesPanel resources={resources} />
          {mode !== null && (
            <CommitteeMembersPanel
              mode={mode}
              attendance={attendance.data}
              loading={attendance.isPending}
              error={attendance.error}
              onRetry={retryAttendance}
              base={base}
              attendanceKey={attendanceKey}
              meId={me.user.id}
              canModifyAttendance={staff}
              canModifyRsvps={canModifyRsvps}
              runner={runner}
              meeting={meeting}
              committee={committee}
            />
          )}
        </aside>
      </div>
      <MeetingFooter
        meeting={meeting}
        committeeCode={committeeCode}
        runner={runner}
        notCheckedIn={isVotingMemberNotCheckedIn(mine)}
        hasActiveVote={activeVote !== null}
      />
      <ConfirmDialog
        title="Leave Meeting"
        confirmLabel="Leave"
        message={blocker.state === 'blocked' ? MEETING_TEXT.leave : null}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </div>
  );
}
