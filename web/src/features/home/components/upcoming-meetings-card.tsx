import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { HomeListCard } from '@/features/home/components/home-list-card';
import { HOME_TEXT, meetingLinks, PHASE_LABEL, rangeText, rsvpText } from '@/features/home/home-rules';
import { useMyMeetings } from '@/features/home/queries';
import { JoinButton } from '@/features/meetings/components/join-button';
import { meetingBase } from '@/lib/paths';

/** The member's upcoming meetings: their committees' and those they were added to. */
export function UpcomingMeetingsCard() {
  const meetings = useMyMeetings();
  return (
    <HomeListCard
      id="home-meetings-title"
      title="Upcoming Meetings"
      description="Meetings of your committees from today on, and meetings you were added to."
      empty={HOME_TEXT.noMeetings}
      query={meetings}
    >
      {(items) =>
        items.map((item) => {
          const { meeting, committee } = item;
          const rsvp = rsvpText(item.rsvp);
          return (
            <li key={meeting.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 flex-col gap-0.5">
                <Link
                  to={meetingBase(committee.code, meeting.code)}
                  className="font-medium break-words underline-offset-4 hover:underline"
                >
                  {meeting.name}
                </Link>
                <span className="text-sm text-muted-foreground">
                  {committee.name}
                  {item.is_member ? '' : ' · Guest'}
                </span>
                <span className="text-sm text-muted-foreground">{rangeText(meeting.start, meeting.end)}</span>
                {rsvp && <span className="text-sm">{rsvp}</span>}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={meeting.status === 'in_progress' ? 'default' : 'secondary'}>
                  {PHASE_LABEL[meeting.status]}
                </Badge>
                <JoinButton meeting={meeting} committeeCode={committee.code} />
                {meetingLinks(item).map((link) => (
                  <Button key={link.label} asChild size="sm" variant="outline">
                    <Link to={link.to} aria-label={`${link.label}: ${meeting.name}`}>
                      {link.label}
                    </Link>
                  </Button>
                ))}
              </div>
            </li>
          );
        })
      }
    </HomeListCard>
  );
}
