import type { TAppointment, TAppointmentGroup } from '@gavel/contracts';
import { MailIcon } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/user-avatar';
import {
  AppointmentDecisionButtons,
  AppointmentStatusBadge,
} from '@/features/appointments/components/appointment-decision';
import { paths } from '@/lib/paths';
import { useClickableRow } from '@/lib/use-clickable-row';

/** One user: photo, name and email link, then a row per appointment (in committees of `year` or term-based). */
export function AppointmentGroupCard({
  group,
  year,
  mayDecide,
}: {
  group: TAppointmentGroup;
  year: number;
  mayDecide: boolean;
}) {
  const { user } = group;
  const headingId = `appointments-user-${user.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-lg border bg-card text-card-foreground shadow-xs">
      <div className="flex items-center gap-3 border-b p-3 sm:p-4">
        <UserAvatar user={{ ...user, profile_display_url: group.profile_display_url }} className="size-10" />
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
          />
        ))}
      </ul>
    </li>
  );
}

function AppointmentRow({
  appointment,
  year,
  userName,
  mayDecide,
}: {
  appointment: TAppointment;
  year: number;
  userName: string;
  mayDecide: boolean;
}) {
  // Codes repeat across years, so the link names the dashboard's year; a term-based committee (listed
  // under every year) answers to any year that has no committee of its own with that code.
  const href = paths.committeeAdmin({ code: appointment.committee.code, year });
  const row = useClickableRow(href);
  return (
    <li>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role="button" comes from useClickableRow */}
      <div
        {...row}
        aria-label={`${appointment.committee.name}, ${appointment.position}, ${appointment.appointment_status}`}
        className="grid cursor-pointer grid-cols-1 gap-2 p-3 hover:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-center sm:gap-4 sm:px-4"
      >
        <Link to={href} className="min-w-0 font-medium underline-offset-4 hover:underline">
          {appointment.committee.name}
        </Link>
        <span className="text-sm text-muted-foreground">{appointment.position}</span>
        {mayDecide ? (
          <AppointmentDecisionButtons
            appointment={appointment}
            label={`Status of ${userName} on ${appointment.committee.name} (${appointment.position})`}
          />
        ) : (
          <AppointmentStatusBadge status={appointment.appointment_status} />
        )}
      </div>
    </li>
  );
}
