import type {
  TAttendanceMember,
  TAttendanceUser,
  TEmailVote,
  TMeeting,
  TMeetingCommittee,
  TRetrieveAttendanceReply,
  TUserSearchResult,
} from '@gavel/contracts';
import { MEETING_VISIBILITY_OPEN } from '@gavel/contracts';
import { MEMBER_VOTING_STATUS_LABELS } from '@gavel/voting-rules';
import type { QueryKey } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import * as React from 'react';
import { toast } from 'sonner';
import { ChoiceSelect } from '@/components/choice-select';
import { DescribedTooltip } from '@/components/described-tooltip';
import { ErrorDialog } from '@/components/error-dialog';
import { ListSearch, noMatchesText } from '@/components/list-search';
import { ErrorState, LoadingState } from '@/components/page-status';
import { ShowMore, usePaged } from '@/components/show-more';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type AvatarUser, UserAvatar, useAvatarLinks } from '@/components/user-avatar';
import { AddNonCommitteeMemberDialog } from '@/features/meetings/components/add-non-committee-member-dialog';
import {
  allowedModes,
  attendanceRemovedMessage,
  attendanceSetMessage,
  checkInRanges,
  checkInTotals,
  checkInValue,
  endedTotals,
  formatRange,
  listedMembers,
  MEETING_TEXT,
  type MembersPanelMode,
  matchesMemberSearch,
  meetingSpan,
  memberVotingStatusOf,
  ownRowFirst,
  rsvpRemovedMessage,
  rsvpSetMessage,
  rsvpTotals,
  rsvpValue,
  sortMembers,
  VIA_LABEL,
  type Via,
} from '@/features/meetings/meeting-rules';
import { type AttendanceAction, useAttendanceAction } from '@/features/meetings/queries';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { useFocusWhenReady, useRestoreFocus } from '@/lib/use-restore-focus';

export type { MembersPanelMode };

export interface CommitteeMembersPanelProps {
  mode: MembersPanelMode;
  attendance: TRetrieveAttendanceReply | undefined;
  loading: boolean;
  error: unknown;
  onRetry?: () => void;
  /** {base} of the attendance calls (meeting or vote base, without /api). */
  base: string;
  attendanceKey: QueryKey;
  /** The signed-in user's id: they may set their own RSVP and their first check-in. */
  meId: string;
  /** 'modify meeting attendance': search, check anyone in or out, add non-committee members. */
  canModifyAttendance: boolean;
  /** 'modify meeting rsvps': set anyone's RSVP. */
  canModifyRsvps: boolean;
  /** 'run meetings': per-member voting status. */
  runner: boolean;
  meeting?: TMeeting;
  /** The meeting's (or email vote's) committee: with it, attendance staff can export the list as CSV. */
  committee?: TMeetingCommittee;
  emailVote?: TEmailVote;
}

function avatarUser(member: TAttendanceMember, users: Map<string, TAttendanceUser>): AvatarUser {
  return (
    users.get(member.user_id) ?? {
      id: member.user_id,
      name: member.name,
      first_name: '',
      last_name: '',
      profile_display_url: null,
    }
  );
}

/**
 * Totals of an email vote from its progress counts (also the panel when attendance cannot be read). A voting
 * member with no motion to answer (none yet, or all filtered to other demographics) is in no count of
 * progress: said so, so that the counts add up to the total.
 */
export function emailVoteTotals(vote: TEmailVote): string {
  const complete = vote.voting_members_complete_count;
  const incomplete = vote.voting_members_incomplete_count;
  const notStarted = vote.voting_members_not_started_count;
  const total = vote.voting_members_count;
  const unasked = total - complete - incomplete - notStarted;
  if (total > 0 && unasked === total) return `${total} voting members, none with a motion to vote on yet`;
  const rest = unasked > 0 ? `, ${unasked} with no motion to vote on` : '';
  return `${complete} voted, ${incomplete} partially voted, ${notStarted} not started${rest} of ${total} voting members`;
}

const MEMBERS_TITLE_ID = 'members-title';

/** The id of a member's RSVP or check-in control. */
const attendanceControlId = (userId: string) => `attendance-${userId}`;

const TITLES: Record<MembersPanelMode, string> = {
  planned: 'Committee Members',
  in_progress: 'Committee Members',
  ended: 'Committee Members',
  email_vote: 'Committee Members',
};

/**
 * The Committee Members panel (spec section 2): planned (RSVP), in progress (check-in), ended (check-in
 * ranges with minutes) and the email-vote mode, with totals and, for staff, a search box. Memoised: its
 * page re-renders each second for its clocks, which the list does not show (the pages pass stable props).
 */
export const CommitteeMembersPanel = React.memo(function CommitteeMembersPanel(
  props: CommitteeMembersPanelProps,
) {
  const { mode, attendance, canModifyAttendance } = props;
  const [query, setQuery] = React.useState('');
  const [failure, setFailure] = React.useState<string | null>(null);
  const action = useAttendanceAction(props.base, props.attendanceKey);
  // Every RSVP and check-in control is disabled while a change saves, which drops focus from the one
  // used: it goes back there once the controls are enabled again (or after a failure, once the error
  // is acknowledged). A member's own check-in takes their control away: focus goes to the panel's title.
  const focusTarget = React.useRef<string | null>(null);
  const focusBack = () => {
    const target = focusTarget.current ? document.getElementById(focusTarget.current) : null;
    return target && !target.matches(':disabled') ? target : null;
  };
  const afterAction = useFocusWhenReady();
  const restoreAfterFailure = useRestoreFocus(failure !== null, focusBack);
  // Only those who may edit users get avatar links (the committee page's rule).
  const linkAvatars = useAvatarLinks();
  const users = React.useMemo(() => new Map((attendance?.users ?? []).map((u) => [u.id, u])), [attendance]);

  const all = React.useMemo(() => sortMembers(attendance?.members ?? []), [attendance]);
  const members = React.useMemo(
    () => ownRowFirst(listedMembers(all, { mode, canModifyAttendance, meId: props.meId }), props.meId),
    [all, mode, canModifyAttendance, props.meId],
  );
  const shown = canModifyAttendance && query ? members.filter((m) => matchesMemberSearch(m, query)) : members;
  // A hall of thousands: a page of rows at a time; a search starts again from its first page.
  const paged = usePaged(shown, query);

  /** Runs a change; `controlId` is the control it was made with (none: the add dialog's own button). */
  async function run(act: AttendanceAction, name: string, controlId?: string): Promise<boolean> {
    const controlGoes = act.type === 'check-in' && !canModifyAttendance;
    focusTarget.current = controlId ? (controlGoes ? MEMBERS_TITLE_ID : controlId) : null;
    try {
      await action.mutateAsync(act);
      const message =
        act.type === 'rsvp'
          ? rsvpSetMessage(name)
          : act.type === 'rsvp-remove'
            ? rsvpRemovedMessage(name)
            : act.type === 'check-in'
              ? attendanceSetMessage(name)
              : attendanceRemovedMessage(name);
      toast.success(message);
      if (controlId) afterAction.request(focusBack);
      return true;
    } catch (err) {
      // Nothing changed: the control is still there.
      focusTarget.current = controlId ?? null;
      setFailure(errorText(err, MEETING_TEXT.saveError));
      return false;
    }
  }

  // The meeting totals count the attendance list: none until it has loaded (not '0 of 0 members').
  let totals = '';
  if (mode === 'email_vote') totals = props.emailVote ? emailVoteTotals(props.emailVote) : '';
  else if (attendance) {
    totals =
      mode === 'planned' ? rsvpTotals(all) : mode === 'in_progress' ? checkInTotals(all) : endedTotals(all);
  }

  const modes = props.meeting ? allowedModes(props.meeting) : [];
  // Non-committee members join an open meeting: before it with 'modify meeting rsvps' (as attending),
  // during it with 'modify meeting attendance' (checked in).
  const addPurpose =
    mode === 'planned' && props.canModifyRsvps
      ? 'rsvp'
      : mode === 'in_progress' && canModifyAttendance
        ? 'check-in'
        : null;
  const canAdd =
    addPurpose !== null && props.meeting?.visibility === MEETING_VISIBILITY_OPEN && modes.length > 0;
  const listed = React.useMemo(() => new Set(members.map((m) => m.user_id)), [members]);

  // What the list is of: the meeting's attendance, or the email vote's voters.
  const exportOf = props.emailVote ?? props.meeting;
  /** The CSV code (and its library) is fetched on the first export: only staff export, not every phone. */
  async function exportCsv() {
    const { meeting, committee } = props;
    if (!exportOf || !committee) return;
    const [{ attendanceCsvFileName, buildAttendanceCsv }, { downloadCsv }] = await Promise.all([
      import('@/features/meetings/attendance-csv'),
      import('@/lib/csv'),
    ]);
    const meetingEnd = meeting ? meetingSpan(meeting).end : null;
    const csv = buildAttendanceCsv({ mode, members: all, users, committee, meetingEnd });
    downloadCsv(csv, attendanceCsvFileName(committee.code, exportOf.code, mode));
  }

  return (
    <Card aria-labelledby={MEMBERS_TITLE_ID}>
      <CardHeader>
        <CardTitle id={MEMBERS_TITLE_ID} tabIndex={-1}>
          {TITLES[mode]}
        </CardTitle>
        {/* Not a live region: with every check-in in the hall it would talk over the page; the voting
            status line says what matters of it (quorum). */}
        {totals && <CardDescription>{totals}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {(canModifyAttendance || canAdd) && attendance && (
          <div className="flex flex-wrap items-center gap-2">
            {canModifyAttendance && (
              <ListSearch noun="members" value={query} onChange={setQuery} className="min-w-48 flex-1" />
            )}
            {canModifyAttendance && exportOf && props.committee && (
              <Button
                size="sm"
                variant="outline"
                className="min-h-11 sm:min-h-8"
                onClick={() => void exportCsv()}
              >
                <DownloadIcon aria-hidden="true" />
                CSV Export
              </Button>
            )}
            {canAdd && addPurpose && (
              <AddNonCommitteeMemberDialog
                modes={modes}
                listed={listed}
                purpose={addPurpose}
                onAdd={(user: TUserSearchResult, via: Via) =>
                  run(
                    addPurpose === 'rsvp'
                      ? { type: 'rsvp', userId: user.id, attending: true, via }
                      : { type: 'check-in', userId: user.id, via },
                    user.name,
                  )
                }
              />
            )}
          </div>
        )}
        {props.loading && !attendance ? (
          <LoadingState />
        ) : !attendance ? (
          <ErrorState message={errorText(props.error, FALLBACK.retrieve)} onRetry={props.onRetry} />
        ) : shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {query ? noMatchesText('members') : emptyListText(mode, canModifyAttendance)}
          </p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Members">
            {paged.shown.map((member) => (
              <MemberRow
                key={member.user_id}
                member={member}
                user={avatarUser(member, users)}
                mode={mode}
                modes={modes}
                props={props}
                linkAvatar={linkAvatars}
                busy={action.isPending}
                onAction={(act) => void run(act, member.name, attendanceControlId(member.user_id))}
              />
            ))}
          </ul>
        )}
        {attendance && (
          <ShowMore
            shown={paged.shown.length}
            total={paged.total}
            noun="members"
            onShowMore={paged.showMore}
          />
        )}
      </CardContent>
      <ErrorDialog
        title="Error Saving"
        message={failure}
        onClose={() => setFailure(null)}
        onCloseAutoFocus={restoreAfterFailure.onCloseAutoFocus}
      />
    </Card>
  );
});

/** What an empty list says: viewers without the not-present lists see only who is (or was) here. */
function emptyListText(mode: MembersPanelMode, canModifyAttendance: boolean): string {
  if (!canModifyAttendance && mode === 'in_progress') return 'Nobody is checked in yet';
  if (!canModifyAttendance && mode === 'ended') return 'Nobody checked in';
  return 'No members';
}

function MemberRow({
  member,
  user,
  mode,
  modes,
  props,
  linkAvatar,
  busy,
  onAction,
}: {
  member: TAttendanceMember;
  user: AvatarUser;
  mode: MembersPanelMode;
  modes: Via[];
  props: CommitteeMembersPanelProps;
  linkAvatar: boolean;
  busy: boolean;
  onAction: (action: AttendanceAction) => void;
}) {
  const own = member.user_id === props.meId;
  const details = [
    member.membership?.position ?? (member.is_member ? null : 'Non-committee member'),
    member.membership?.display_demographic,
  ].filter(Boolean);
  const status = memberVotingStatusOf(member);
  const showStatus =
    props.runner &&
    member.is_voting &&
    status !== undefined &&
    (mode === 'in_progress' || mode === 'email_vote');

  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <UserAvatar user={user} link={linkAvatar} className="size-9" />
      {/* The name keeps room for itself: badges and controls wrap below it in a narrow column. */}
      <div className="min-w-0 flex-1 basis-40">
        <p className="text-sm font-medium break-words">
          {props.canModifyAttendance && member.nrds ? (
            <NameWithNrds member={member} nrds={member.nrds} />
          ) : (
            member.name
          )}
          {member.is_voting && <span className="sr-only"> (voting member)</span>}
        </p>
        {details.length > 0 && (
          <p className="text-xs text-muted-foreground break-words">{details.join(' · ')}</p>
        )}
        {mode === 'ended' && <CheckInRanges member={member} meeting={props.meeting} />}
      </div>
      {member.is_voting && mode !== 'ended' && (
        <Badge variant="outline" className="hidden sm:inline-flex">
          Voting
        </Badge>
      )}
      {showStatus && status && (
        // Said as 'Voting status: voted': a label on a plain span is not read out (ARIA), text is.
        <Badge variant={status === 'voted' ? 'default' : 'secondary'}>
          <span className="sr-only">Voting status: </span>
          {MEMBER_VOTING_STATUS_LABELS[status]}
        </Badge>
      )}
      {mode === 'planned' && (
        <RsvpControl
          member={member}
          modes={modes}
          editable={props.canModifyRsvps || own}
          busy={busy}
          onAction={onAction}
        />
      )}
      {mode === 'in_progress' && (
        <CheckInControl
          member={member}
          modes={modes}
          editable={props.canModifyAttendance || (own && maySelfCheckIn(member))}
          canRemove={props.canModifyAttendance}
          busy={busy}
          onAction={onAction}
        />
      )}
    </li>
  );
}

/**
 * Whether members may check themselves in, as the meetings service allows it: a committee member with no
 * attendee row at the meeting yet. Any row (checked in, or checked out by staff: the row stays) means only
 * staff may change it; the service would answer 'Please see a staff member to change your check-in.'
 */
function maySelfCheckIn(member: TAttendanceMember): boolean {
  return member.is_member && member.attendee === null;
}

/**
 * The member's name with the NRDS ID tooltip (spec section 6, 'modify meeting attendance'): shown on
 * hover, on keyboard focus and on a tap; screen readers get it as the name's description.
 */
function NameWithNrds({ member, nrds }: { member: TAttendanceMember; nrds: string }) {
  return (
    <DescribedTooltip text={`NRDS ID: ${nrds}`}>
      <button
        type="button"
        // A touch target on phones (44 px, as the rest of the phone layout), at least 24 px elsewhere.
        className="inline-flex min-h-11 cursor-help items-center rounded-sm text-left underline decoration-dotted underline-offset-2 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none sm:min-h-6"
      >
        {member.name}
      </button>
    </DescribedTooltip>
  );
}

/** Phones get 44 px touch targets (as the rest of the phone layout); wider screens keep the 36 px select. */
const TOUCH_SELECT = 'min-h-11 w-full sm:min-h-9 sm:w-40';

const RSVP_LABEL = { not_attending: 'Not Attending' } as const;

function RsvpControl({
  member,
  modes,
  editable,
  busy,
  onAction,
}: {
  member: TAttendanceMember;
  modes: Via[];
  editable: boolean;
  busy: boolean;
  onAction: (action: AttendanceAction) => void;
}) {
  const value = rsvpValue(member);
  const label =
    value === '' ? 'No Response' : value === 'not_attending' ? RSVP_LABEL.not_attending : VIA_LABEL[value];
  if (!editable) return <span className="text-sm text-muted-foreground">{label}</span>;
  const options = [
    ...modes.map((m) => ({ value: m, label: VIA_LABEL[m] })),
    { value: 'not_attending', label: RSVP_LABEL.not_attending },
  ];
  return (
    <ChoiceSelect
      value={value}
      noneLabel="No Response"
      options={options}
      disabled={busy}
      id={attendanceControlId(member.user_id)}
      aria-label={`RSVP for ${member.name}`}
      className={TOUCH_SELECT}
      onChange={(next) => {
        if (next === value) return;
        if (next === '') onAction({ type: 'rsvp-remove', userId: member.user_id });
        else if (next === 'not_attending')
          onAction({ type: 'rsvp', userId: member.user_id, attending: false, via: '' });
        else onAction({ type: 'rsvp', userId: member.user_id, attending: true, via: next as Via });
      }}
    />
  );
}

function CheckInControl({
  member,
  modes,
  editable,
  canRemove,
  busy,
  onAction,
}: {
  member: TAttendanceMember;
  modes: Via[];
  editable: boolean;
  canRemove: boolean;
  busy: boolean;
  onAction: (action: AttendanceAction) => void;
}) {
  const value = checkInValue(member);
  const label = value === '' ? 'Not Present' : VIA_LABEL[value];
  if (!editable) return <span className="text-sm text-muted-foreground">{label}</span>;
  return (
    <ChoiceSelect
      value={value}
      noneLabel={canRemove || value === '' ? 'Not Present' : undefined}
      options={modes.map((m) => ({ value: m, label: VIA_LABEL[m] }))}
      disabled={busy}
      id={attendanceControlId(member.user_id)}
      aria-label={`Check-in for ${member.name}`}
      className={TOUCH_SELECT}
      onChange={(next) => {
        if (next === value) return;
        if (next === '') onAction({ type: 'check-out', userId: member.user_id });
        else onAction({ type: 'check-in', userId: member.user_id, via: next as Via });
      }}
    />
  );
}

function CheckInRanges({ member, meeting }: { member: TAttendanceMember; meeting?: TMeeting }) {
  const ranges = checkInRanges(member.attendee, meeting ? meetingSpan(meeting).end : null);
  if (ranges.length === 0) return <p className="text-xs text-muted-foreground">Did not check in</p>;
  return (
    <ul className="text-xs text-muted-foreground" aria-label={`Check-ins of ${member.name}`}>
      {ranges.map((range) => (
        <li key={range.start.toISOString()}>{formatRange(range)}</li>
      ))}
    </ul>
  );
}
