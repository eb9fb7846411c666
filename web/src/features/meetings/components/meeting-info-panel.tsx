import type { TMeeting } from '@gavel/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { JoinButton } from '@/features/meetings/components/join-button';
import { MEETING_TEXT } from '@/features/meetings/meeting-rules';

/** Sanitised HTML from the server (rich text is sanitised before it is stored). */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ?? 'rich-text text-sm break-words'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the services sanitise rich text before storing it.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The left column when motions are not shown: name, join button and description, or the empty text. */
export function MeetingInfoPanel({ meeting, committeeCode }: { meeting: TMeeting; committeeCode: string }) {
  const description = meeting.description?.trim() ?? '';
  return (
    <Card aria-labelledby="meeting-info-title">
      <CardHeader>
        <CardTitle id="meeting-info-title">{meeting.name}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div>
          <JoinButton meeting={meeting} committeeCode={committeeCode} />
        </div>
        {description ? (
          <RichText html={description} />
        ) : (
          <p className="text-sm text-muted-foreground">{MEETING_TEXT.noDetails}</p>
        )}
      </CardContent>
    </Card>
  );
}
