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

/** The signed-in member's own RSVP (the RSVP Now link's page, /meeting/{c}/{m}/rsvp). */
export function OwnRsvpCard({
  meeting,
  member,
  base,
  attendanceKey,
}: {
  meeting: TMeeting;
  member: TAttendanceMember;
  base: string;
  attendanceKey: QueryKey;
}) {
  const action = useAttendanceAction(base, attendanceKey);
  const [failure, setFailure] = React.useState<string | null>(null);
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
  function choose(choice: (typeof choices)[number]) {
    action.mutate(
      { type: 'rsvp', userId: member.user_id, attending: choice.attending, via: choice.via },
      {
        onSuccess: () => toast.success(rsvpSetMessage(member.name)),
        onError: (err) => setFailure(errorText(err, MEETING_TEXT.saveError)),
      },
    );
  }
  return (
    <Card aria-labelledby="own-rsvp-title">
      <CardHeader>
        <CardTitle id="own-rsvp-title">Your RSVP</CardTitle>
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
            onClick={() => choose(choice)}
          >
            {choice.label}
          </Button>
        ))}
      </CardContent>
      <ErrorDialog title="Error Saving" message={failure} onClose={() => setFailure(null)} />
    </Card>
  );
}
