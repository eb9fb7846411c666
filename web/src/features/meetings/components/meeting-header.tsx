import type { TAttendanceMember, TMeeting, TMeetingCommittee } from '@gavel/contracts';
import {
  CalendarClockIcon,
  CalendarPlusIcon,
  MapPinIcon,
  PencilIcon,
  SettingsIcon,
  TimerIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { JoinButton } from '@/features/meetings/components/join-button';
import { RichText } from '@/features/meetings/components/meeting-info-panel';
import { MEETING_TEXT, meetingDateText, meetingTimer } from '@/features/meetings/meeting-rules';
import { paths } from '@/lib/paths';

export interface MeetingHeaderProps {
  meeting: TMeeting;
  committee: TMeetingCommittee;
  /** 'update meetings': Edit Meeting and Committee Admin links. */
  canUpdateMeetings: boolean;
  /** The signed-in user's RSVP row (ownRsvpRow), when the page offers them an RSVP. */
  me: TAttendanceMember | null;
  now: number;
  /** The page already shows the user's own RSVP card (the RSVP Now link's page): no alert pointing at it. */
  rsvpCardShown?: boolean;
}

/**
 * The meeting page header (spec section 2): committee and meeting names, description and join block
 * (only when motions are shown), location (only when in person is allowed), type, live timer, date text,
 * and the Edit Meeting / Committee Admin / RSVP Now links.
 */
export function MeetingHeader({
  meeting,
  committee,
  canUpdateMeetings,
  me,
  now,
  rsvpCardShown = false,
}: MeetingHeaderProps) {
  const date = meetingDateText(meeting);
  const timer = meetingTimer(meeting, now);
  const editable = meeting.status === 'planned' || meeting.status === 'in_progress';
  const awaitingRsvp = meeting.status === 'planned' && me !== null && me.rsvp === null && !rsvpCardShown;
  const location = [meeting.location_name, meeting.location_address].filter(Boolean).join(', ');
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground break-words">{committee.name}</p>
          <h1 className="text-2xl font-semibold tracking-tight break-words">{meeting.name}</h1>
        </div>
        {canUpdateMeetings && (
          <nav aria-label="Meeting administration" className="flex flex-wrap gap-2">
            {editable && (
              <Button asChild variant="outline" size="sm">
                <Link to={paths.meetingEdit(committee.code, meeting.code)}>
                  <PencilIcon aria-hidden="true" />
                  Edit Meeting
                </Link>
              </Button>
            )}
            <Button asChild variant="outline" size="sm">
              <Link to={paths.committeeAdmin(committee)}>
                <SettingsIcon aria-hidden="true" />
                Committee Admin
              </Link>
            </Button>
          </nav>
        )}
      </div>

      {awaitingRsvp && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <span>You have not responded to this meeting yet.</span>
          <Button asChild size="sm">
            <Link to={paths.meetingRsvp(committee.code, meeting.code)}>{MEETING_TEXT.rsvpNow}</Link>
          </Button>
        </div>
      )}

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="flex flex-wrap gap-1">
          <dt className="flex items-center gap-1 text-muted-foreground">
            <CalendarClockIcon className="size-4" aria-hidden="true" />
            {date.label}
          </dt>
          <dd className="font-medium" data-testid="meeting-date-text">
            {date.text}
          </dd>
        </div>
        {/* Centred: the label's icon and the value's monospace digits would otherwise sit at different heights. */}
        <div className="flex flex-wrap items-center gap-1">
          <dt className="flex items-center gap-1 text-muted-foreground">
            <TimerIcon className="size-4" aria-hidden="true" />
            {timer.label}:
          </dt>
          <dd className="font-mono font-medium tabular-nums" aria-live="off">
            <time>{timer.value}</time>
          </dd>
        </div>
        <div className="flex flex-wrap gap-1">
          <dt className="text-muted-foreground">Meeting type:</dt>
          <dd className="font-medium">{meeting.type}</dd>
        </div>
        {meeting.allow_in_person && location && (
          <div className="flex flex-wrap gap-1">
            <dt className="flex items-center gap-1 text-muted-foreground">
              <MapPinIcon className="size-4" aria-hidden="true" />
              Location:
            </dt>
            <dd className="font-medium break-words">{location}</dd>
          </div>
        )}
      </dl>

      <div>
        <Button asChild variant="outline" size="sm" className="min-h-11 sm:min-h-8">
          <a href={paths.meetingCalendar(committee.code, meeting.code)} download>
            <CalendarPlusIcon aria-hidden="true" />
            {MEETING_TEXT.addToCalendar}
          </a>
        </Button>
      </div>

      {meeting.show_motions && (
        <>
          {meeting.description?.trim() ? (
            <RichText html={meeting.description} />
          ) : (
            <p className="text-sm text-muted-foreground">{MEETING_TEXT.noDescription}</p>
          )}
          <div>
            <JoinButton meeting={meeting} committeeCode={committee.code} />
          </div>
        </>
      )}
    </header>
  );
}
