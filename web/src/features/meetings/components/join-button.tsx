import type { TMeeting } from '@gavel/contracts';
import { VideoIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { joinUrlOf, MEETING_TEXT } from '@/features/meetings/meeting-rules';
import { useJoinLink } from '@/features/meetings/queries';

/**
 * The join-meeting button (spec section 4, "Join link retrieval"): fetched only when the meeting allows
 * remote, is in progress and has a video provider; hidden after a 401/404; the registration URL after any
 * other failure.
 */
export function JoinButton({ meeting, committeeCode }: { meeting: TMeeting; committeeCode: string }) {
  // A meeting without a video provider has no link to ask for (the call would only answer 404).
  const enabled =
    meeting.allow_remote && meeting.status === 'in_progress' && meeting.video_provider !== 'none';
  const join = useJoinLink(committeeCode, meeting.code, meeting.zoom_id, enabled);
  // isError only once every attempt (JOIN_MAX_ATTEMPTS) has failed.
  const url = joinUrlOf(meeting, { data: join.data, error: join.error, failed: join.isError });
  if (!url) return null;
  return (
    <Button asChild>
      <a href={url} target="_blank" rel="noopener noreferrer">
        <VideoIcon aria-hidden="true" />
        {MEETING_TEXT.join}
      </a>
    </Button>
  );
}
