import {
  type TMyAppointment,
  type TOwnAppointmentDecisionInput,
  ZMyAppointment,
  ZMyCommitteesReply,
} from '@gavel/contracts';
import { api } from '@/lib/api-client';

/** The signed-in user's appointments in the current year. */
export function fetchMyCommittees(signal?: AbortSignal): Promise<TMyAppointment[]> {
  return api.get(ZMyCommitteesReply, '/me/committees', signal);
}

/** Accept or decline one of your own tentative appointments. */
export function decideMyAppointment({ id, decision }: TOwnAppointmentDecisionInput): Promise<TMyAppointment> {
  return api.put(ZMyAppointment, `/me/appointments/${encodeURIComponent(id)}`, { decision });
}
