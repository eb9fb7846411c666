import type { TAttendanceMember, TMeeting } from '@gavel/contracts';
import type { QueryKey } from '@tanstack/react-query';
import * as React from 'react';
import { toast } from 'sonner';
import { ErrorDialog } from '@/components/error-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  allowedModes,
  MEETING_TEXT,
  rsvpSetMessage,
  rsvpValue,
  VIA_LABEL,
} from '@/features/meetings/meeting-rules';
import { useAttendanceAction } from '@/features/meetings/queries';
import { errorText } from '@/lib/api-client';
import { useFocusWhenReady, useRestoreFocus } from '@/lib/use-restore-focus';

const TITLE_ID = 'own-rsvp-title';

/**
 * The signed-in member's own RSVP: on the RSVP Now link's page (/meeting/{c}/{m}/rsvp), and on the
 * meeting page once they have answered.
 */
export function OwnRsvpCard({
  meeting,
  member,
  base,
  attendanceKey,
  focusOnArrival = false,
}: {
  meeting: TMeeting;
  member: TAttendanceMember;
  base: string;
  attendanceKey: QueryKey;
  /** Arrived by the RSVP Now link: its alert has gone, so focus comes to this card. */
  focusOnArrival?: boolean;
}) {
  const action = useAttendanceAction(base, attendanceKey);
  const [failure, setFailure] = React.useState<string | null>(null);
  // The choices are disabled while one saves, which drops focus from the one pressed: it goes back
  // there once they are enabled again (after a failure, once the error is acknowledged).
  const pressed = React.useRef<HTMLButtonElement | null>(null);
  const focusBack = () => (pressed.current && !pressed.current.disabled ? pressed.current : null);
  const afterChoice = useFocusWhenReady();
  const restoreAfterFailure = useRestoreFocus(failure !== null, focusBack);
  // The RSVP Now link that leads here goes with its alert: focus comes to this card instead of the page.
  const { request: requestArrival } = useFocusWhenReady();
  React.useEffect(() => {
    if (focusOnArrival) requestArrival(() => document.getElementById(TITLE_ID));
  }, [focusOnArrival, requestArrival]);
  const current = rsvpValue(member);
  const choices = [
    ...allowedModes(meeting).map((m) => ({
      key: m,
      label: `Attending ${VIA_LABEL[m]}`,
      attending: true,
      via: m,
    })),
    { key: 'not_attending', label: 'Not Attending', attending: false, via: '' as const },
  ];
  function choose(choice: (typeof choices)[number], button: HTMLButtonElement) {
    pressed.current = button;
    action.mutate(
      { type: 'rsvp', userId: member.user_id, attending: choice.attending, via: choice.via },
      {
        onSuccess: () => {
          toast.success(rsvpSetMessage(member.name));
          afterChoice.request(focusBack);
        },
        onError: (err) => setFailure(errorText(err, MEETING_TEXT.saveError)),
      },
    );
  }
  return (
    <Card aria-labelledby={TITLE_ID}>
      <CardHeader>
        <CardTitle id={TITLE_ID} tabIndex={-1}>
          Your RSVP
        </CardTitle>
        <CardDescription>Will you attend this meeting?</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2" role="group" aria-label="Your RSVP">
        {choices.map((choice) => (
          <Button
            key={choice.key}
            variant={current === choice.key ? 'default' : 'outline'}
            aria-pressed={current === choice.key}
            disabled={action.isPending}
            className="min-h-11 sm:min-h-9"
            onClick={(event) => choose(choice, event.currentTarget)}
          >
            {choice.label}
          </Button>
        ))}
      </CardContent>
      <ErrorDialog
        title="Error Saving"
        message={failure}
        onClose={() => setFailure(null)}
        onCloseAutoFocus={restoreAfterFailure.onCloseAutoFocus}
      />
    </Card>
  );
}
