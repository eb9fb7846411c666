import {
  type TMyAppointment,
  type TMyMeeting,
  type TMyVote,
  type TOwnAppointmentDecisionInput,
  ZMyAppointment,
  ZMyCommitteesReply,
  ZMyMeetingsReply,
  ZMyVotesReply,
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

/** The signed-in user's upcoming meetings (planned from today on, or in progress), soonest first. */
export function fetchMyMeetings(signal?: AbortSignal): Promise<TMyMeeting[]> {
  return api.get(ZMyMeetingsReply, '/me/meetings', signal);
}

/** The signed-in user's email votes whose window is open now or later. */
export function fetchMyVotes(signal?: AbortSignal): Promise<TMyVote[]> {
  return api.get(ZMyVotesReply, '/me/votes', signal);
}
