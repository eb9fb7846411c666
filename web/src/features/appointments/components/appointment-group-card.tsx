import type { TAppointment, TAppointmentGroup } from '@gavel/contracts';
import { MailIcon } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/user-avatar';
import {
  AppointmentDecisionButtons,
  AppointmentStatusBadge,
} from '@/features/appointments/components/appointment-decision';
import { paths } from '@/lib/paths';
import { useRowClick } from '@/lib/use-clickable-row';

/** One user: photo, name and email link, then a row per appointment (in committees of `year` or term-based). */
export function AppointmentGroupCard({
  group,
  year,
  mayDecide,
  mayOpenCommittee,
  mayEditUsers,
}: {
  group: TAppointmentGroup;
  year: number;
  mayDecide: boolean;
  mayOpenCommittee: boolean;
  /** Admins only: the avatar links to the user's edit page (as in the top bar). */
  mayEditUsers: boolean;
}) {
  const { user } = group;
  const headingId = `appointments-user-${user.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-lg border bg-card text-card-foreground shadow-xs">
      <div className="flex items-center gap-3 border-b p-3 sm:p-4">
        <UserAvatar
          user={{ ...user, profile_display_url: group.profile_display_url }}
          link={mayEditUsers}
          className="size-10"
        />
        <div className="flex min-w-0 flex-col">
          <h2 id={headingId} className="truncate font-semibold">
            {user.name}
          </h2>
          <a
            href={`mailto:${user.email}`}
            className="inline-flex min-w-0 items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:underline focus-visible:outline-2"
          >
            <MailIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{user.email}</span>
          </a>
        </div>
      </div>
      <ul className="divide-y">
        {group.appointments.map((appointment) => (
          <AppointmentRow
            key={appointment.id}
            appointment={appointment}
            year={year}
            userName={user.name}
            mayDecide={mayDecide}
            mayOpenCommittee={mayOpenCommittee}
          />
        ))}
      </ul>
    </li>
  );
}

interface RowProps {
  appointment: TAppointment;
  year: number;
  userName: string;
  mayDecide: boolean;
}

const ROW_GRID =
  'grid grid-cols-1 gap-2 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-center sm:gap-4 sm:px-4';

/** A row links to its committee only for those who may open the committee's page. */
function AppointmentRow({ mayOpenCommittee, ...props }: RowProps & { mayOpenCommittee: boolean }) {
  if (mayOpenCommittee) return <LinkedAppointmentRow {...props} />;
  return (
    <li>
      <div className={ROW_GRID}>
        <span className="min-w-0 font-medium">{props.appointment.committee.name}</span>
        <RowDetails {...props} />
      </div>
    </li>
  );
}

function LinkedAppointmentRow(props: RowProps) {
  const { appointment, year } = props;
  // Codes repeat across years, so the link names the dashboard's year; a term-based committee (listed
  // under every year) answers to any year that has no committee of its own with that code.
  const href = paths.committeeAdmin({ code: appointment.committee.code, year });
  // The whole row follows the committee link on a click; the link itself is the way in for the keyboard
  // (the row holds the decision buttons too, so it is no button itself).
  const row = useRowClick(href);
  return (
    <li>
      <div {...row} className={`${ROW_GRID} cursor-pointer hover:bg-muted/50`}>
        <Link to={href} className="min-w-0 font-medium underline-offset-4 hover:underline">
          {appointment.committee.name}
        </Link>
        <RowDetails {...props} />
      </div>
    </li>
  );
}

/** The position and the status badge, then (with the permission) the decision buttons. */
function RowDetails({ appointment, userName, mayDecide }: RowProps) {
  return (
    <>
      <span className="text-sm text-muted-foreground">{appointment.position}</span>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <AppointmentStatusBadge status={appointment.appointment_status} />
        {mayDecide && (
          <AppointmentDecisionButtons
            appointment={appointment}
            label={`Status of ${userName} on ${appointment.committee.name} (${appointment.position})`}
          />
        )}
      </div>
    </>
  );
}
