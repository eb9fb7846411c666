import type { TAppointment, TAppointmentGroup } from '@gavel/contracts';
import { buildCsv, type CsvColumn, csvFileName } from '@/lib/csv';

/** The spec names the appointments export like the policy one (section 9); kept as written. */
export const APPOINTMENTS_CSV_PREFIX = 'PolicyAcceptance';

/** One line of the export: an appointment with its user. */
interface AppointmentLine {
  user: TAppointmentGroup['user'];
  appointment: TAppointment;
}

/** Spec section 9: NRDS, First Name, Nickname (only if the organisation uses nicknames), Last Name, Email, Committee, Position, Status. */
function columns(usesNicknames: boolean): CsvColumn<AppointmentLine>[] {
  return [
    { header: 'NRDS', value: ({ user }) => user.nrds },
    { header: 'First Name', value: ({ user }) => user.first_name },
    ...(usesNicknames ? [{ header: 'Nickname', value: ({ user }: AppointmentLine) => user.nickname }] : []),
    { header: 'Last Name', value: ({ user }) => user.last_name },
    { header: 'Email', value: ({ user }) => user.email },
    { header: 'Committee', value: ({ appointment }) => appointment.committee.name },
    { header: 'Position', value: ({ appointment }) => appointment.position },
    { header: 'Status', value: ({ appointment }) => appointment.appointment_status },
  ];
}

/** The export of the given groups (the filtered list, as shown): one line per appointment. */
export function buildAppointmentsCsv(
  groups: readonly TAppointmentGroup[],
  options: { usesNicknames: boolean },
): string {
  const lines = groups.flatMap((group) =>
    group.appointments.map((appointment) => ({ user: group.user, appointment })),
  );
  return buildCsv(lines, columns(options.usesNicknames));
}

/** 'PolicyAcceptance-YYYY-MM-DD_HH-mm-ss.csv'. */
export function appointmentsCsvFileName(at: Date = new Date()): string {
  return csvFileName(APPOINTMENTS_CSV_PREFIX, at);
}
