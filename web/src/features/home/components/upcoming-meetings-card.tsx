import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { HomeListCard, HomeListItem } from '@/features/home/components/home-list-card';
import { HOME_TEXT, meetingLinks, rangeText, rsvpText } from '@/features/home/home-rules';
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
            <HomeListItem
              key={meeting.id}
              to={meetingBase(committee.code, meeting.code)}
              name={meeting.name}
              phase={meeting.status}
              details={
                <>
                  <span className="text-sm text-muted-foreground">
                    {committee.name}
                    {item.is_member ? '' : ' · Guest'}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {rangeText(meeting.start, meeting.end)}
                  </span>
                  {rsvp && <span className="text-sm">{rsvp}</span>}
                </>
              }
              actions={
                <>
                  <JoinButton meeting={meeting} committeeCode={committee.code} />
                  {meetingLinks(item).map((link) => (
                    <Button key={link.label} asChild size="sm" variant="outline">
                      <Link to={link.to} aria-label={`${link.label}: ${meeting.name}`}>
                        {link.label}
                      </Link>
                    </Button>
                  ))}
                </>
              }
            />
          );
        })
      }
    </HomeListCard>
  );
}
