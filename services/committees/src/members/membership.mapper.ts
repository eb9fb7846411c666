import type {
  TAppointment,
  TAppointmentGroup,
  TAppointmentStatus,
  TMembership,
  TMembershipEvent,
  TMemberUser,
  TMyAppointment,
} from '@gavel/contracts';
import type { MembershipRow } from './membership.repository.js';

/** Whether the member votes: the committee's voting rights for the position (unknown position: no). */
export function isVoting(row: Pick<MembershipRow, 'position' | 'committee'>): boolean {
  return row.committee.positions.some((p) => p.position === row.position && p.isVoting);
}

export function toMemberUser(u: MembershipRow['user']): TMemberUser {
  return {
    id: u.id,
    nrds: u.nrds,
    first_name: u.firstName,
    last_name: u.lastName,
    displayed_first_name: u.displayedFirstName,
    nickname: u.nickname,
    email: u.email,
    name: u.name,
    profile_display_url: u.profileDisplayUrl,
  };
}

export function toMembership(row: MembershipRow): TMembership {
  return {
    id: row.id,
    committee_id: row.committeeId,
    user: toMemberUser(row.user),
    position: row.position,
    demographic: row.demographic,
    appointment_status: row.appointmentStatus as TAppointmentStatus,
    is_voting: isVoting(row),
  };
}

export function toAppointment(row: MembershipRow): TAppointment {
  return {
    id: row.id,
    position: row.position,
    appointment_status: row.appointmentStatus as TAppointmentStatus,
    committee: { name: row.committee.name, code: row.committee.code },
  };
}

export function toMyAppointment(row: MembershipRow): TMyAppointment {
  return { ...toAppointment(row), demographic: row.demographic, is_voting: isVoting(row) };
}

/** The dashboard: appointments grouped per user, in the rows' order. */
export function groupByUser(rows: MembershipRow[]): TAppointmentGroup[] {
  const groups = new Map<string, TAppointmentGroup>();
  for (const row of rows) {
    let group = groups.get(row.userId);
    if (!group) {
      const { profile_display_url, ...user } = toMemberUser(row.user);
      group = { user, profile_display_url, appointments: [] };
      groups.set(row.userId, group);
    }
    group.appointments.push(toAppointment(row));
  }
  return [...groups.values()];
}

export function toMembershipEvent(tenantId: string, row: MembershipRow): TMembershipEvent {
  return {
    tenantId,
    membership: {
      id: row.id,
      committee_id: row.committeeId,
      user_id: row.userId,
      position: row.position,
      is_voting: isVoting(row),
      demographic: row.demographic,
      appointment_status: row.appointmentStatus as TAppointmentStatus,
    },
    committee: {
      quorum: row.committee.quorum,
      chair_position: row.committee.chairPosition,
      vchair_position: row.committee.vchairPosition,
    },
  };
}
