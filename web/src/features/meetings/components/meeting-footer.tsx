import type { TMeeting } from '@gavel/contracts';
import { canEndMeeting, canStartMeeting, NOT_CHECKED_IN_TOOLTIP } from '@gavel/voting-rules';
import { InfoIcon, PlayIcon, SquareIcon } from 'lucide-react';
import * as React from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DescribedTooltip } from '@/components/described-tooltip';
import { ErrorDialog } from '@/components/error-dialog';
import { Button } from '@/components/ui/button';
import { MEETING_TEXT, meetingBanner } from '@/features/meetings/meeting-rules';
import { useEndMeeting, useStartMeeting } from '@/features/meetings/queries';
import { errorText } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useFocusWhenReady, useRestoreFocus } from '@/lib/use-restore-focus';

/** The footer banner text: 'Meeting In Progress', 'Meeting Ended' or 'Not Checked In' (with its tooltip). */
export function MeetingBanner({
  status,
  notCheckedIn,
  id,
}: {
  status: TMeeting['status'];
  notCheckedIn: boolean;
  /** Given to the focusable part, so that focus can be put on the banner (see MeetingFooter). */
  id?: string;
}) {
  const text = meetingBanner(status, notCheckedIn);
  if (text === null) return null;
  const warn = text === MEETING_TEXT.notCheckedIn;
  const look = cn(
    'inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold',
    status === 'in_progress' && !warn && 'bg-green-100 text-green-900',
    status === 'ended' && 'bg-muted text-muted-foreground',
    warn && 'bg-amber-100 text-amber-950',
  );
  // The live region goes around the banner's button, never inside it: Chromium gives a button whose
  // content is a live region no name at all, so screen readers would announce a bare "button".
  return (
    <span role="status">
      {warn ? (
        <DescribedTooltip text={NOT_CHECKED_IN_TOOLTIP}>
          <button
            id={id}
            type="button"
            className={cn(
              look,
              // A touch-sized target on phones, where its tooltip opens by a tap.
              'max-sm:min-h-11 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
            )}
          >
            {text}
            <InfoIcon className="size-4" aria-hidden="true" />
          </button>
        </DescribedTooltip>
      ) : (
        <span id={id} tabIndex={id === undefined ? undefined : -1} className={look}>
          {text}
        </span>
      )}
    </span>
  );
}

export interface MeetingFooterProps {
  meeting: TMeeting;
  committeeCode: string;
  /** 'run meetings': Start Meeting and End Meeting. */
  runner: boolean;
  notCheckedIn: boolean;
  hasActiveVote: boolean;
}

type Confirming = 'start' | 'end' | null;

const BANNER_ID = 'meeting-banner';

/** Shown beside the disabled End Meeting button (spec: not during an active vote). */
export const END_BLOCKED_BY_VOTE = 'A vote is active: close it before ending the meeting.';

/** The footer: banner, and for runners Start Meeting (only today) and End Meeting (not during a vote). */
export function MeetingFooter({
  meeting,
  committeeCode,
  runner,
  notCheckedIn,
  hasActiveVote,
}: MeetingFooterProps) {
  const start = useStartMeeting(committeeCode, meeting.code);
  const end = useEndMeeting(committeeCode, meeting.code);
  const [confirming, setConfirming] = React.useState<Confirming>(null);
  const [failure, setFailure] = React.useState<{ title: string; message: string } | null>(null);
  const showStart = runner && canStartMeeting({ status: meeting.status, is_today: meeting.is_today });
  const showEnd = runner && meeting.status === 'in_progress';
  const endAllowed = canEndMeeting({ status: meeting.status, has_active_vote: hasActiveVote });
  const busy = start.isPending || end.isPending;
  // Why End Meeting is disabled, as text beside it: a title reaches neither keyboard nor touch users.
  const endReasonId = React.useId();
  const endBlocked = showEnd && !endAllowed;
  // Start Meeting and End Meeting go away once they have worked: focus goes on to the banner that says
  // what changed, without scrolling (the footer sticks to the window's foot, so the banner is in view; a
  // browser would scroll the page to the footer's place at its end). After a failure, it goes back to the
  // button, disabled while the request ran.
  const afterChange = useFocusWhenReady();
  const startButton = React.useRef<HTMLButtonElement>(null);
  const endButton = React.useRef<HTMLButtonElement>(null);
  const failedAction = React.useRef<'start' | 'end'>('start');
  const restoreAfterFailure = useRestoreFocus(failure !== null, () =>
    failedAction.current === 'start' ? startButton.current : endButton.current,
  );
  const statusNow = React.useRef(meeting.status);
  statusNow.current = meeting.status;
  const bannerShows = (status: TMeeting['status']) => () =>
    statusNow.current === status ? document.getElementById(BANNER_ID) : null;

  function confirm() {
    const which = confirming;
    setConfirming(null);
    if (which === null) return;
    failedAction.current = which;
    if (which === 'start') {
      start.mutate(undefined, {
        onSuccess: () => {
          afterChange.request(bannerShows('in_progress'), { preventScroll: true });
          toast.success(MEETING_TEXT.started_toast);
        },
        onError: (err) =>
          setFailure({ title: MEETING_TEXT.startError, message: errorText(err, MEETING_TEXT.unknownError) }),
      });
    } else {
      end.mutate(undefined, {
        onSuccess: () => {
          afterChange.request(bannerShows('ended'), { preventScroll: true });
          toast.success(MEETING_TEXT.ended_toast);
        },
        onError: (err) =>
          setFailure({ title: MEETING_TEXT.endError, message: errorText(err, MEETING_TEXT.unknownError) }),
      });
    }
  }

  if (!showStart && !showEnd && meetingBanner(meeting.status, notCheckedIn) === null) return null;
  return (
    <footer className="sticky bottom-0 z-10 flex flex-wrap items-center justify-between gap-2 border-t bg-background/95 px-1 py-3 backdrop-blur">
      <MeetingBanner id={BANNER_ID} status={meeting.status} notCheckedIn={notCheckedIn} />
      <div className="flex flex-wrap items-center gap-2">
        {showStart && (
          <Button
            ref={startButton}
            disabled={busy}
            onClick={() => setConfirming('start')}
            className="min-h-11 sm:min-h-9"
          >
            <PlayIcon aria-hidden="true" />
            Start Meeting
          </Button>
        )}
        {endBlocked && (
          <p id={endReasonId} className="text-sm text-muted-foreground">
            {END_BLOCKED_BY_VOTE}
          </p>
        )}
        {showEnd && (
          <Button
            ref={endButton}
            variant="destructive"
            disabled={busy || !endAllowed}
            aria-describedby={endBlocked ? endReasonId : undefined}
            onClick={() => setConfirming('end')}
            className="min-h-11 sm:min-h-9"
          >
            <SquareIcon aria-hidden="true" />
            End Meeting
          </Button>
        )}
      </div>
      <ConfirmDialog
        title={confirming === 'end' ? 'End Meeting' : 'Start Meeting'}
        confirmLabel={confirming === 'end' ? 'End Meeting' : 'Start Meeting'}
        destructive={confirming === 'end'}
        message={
          confirming === 'start'
            ? 'Are you sure you want to start this meeting?'
            : confirming === 'end'
              ? 'Are you sure you want to end this meeting?'
              : null
        }
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
      <ErrorDialog
        title={failure?.title ?? ''}
        message={failure?.message ?? null}
        onClose={() => setFailure(null)}
        onCloseAutoFocus={restoreAfterFailure.onCloseAutoFocus}
      />
    </footer>
  );
}
