import {
  type TAttendanceChangeReply,
  type TJoinReply,
  type TMeeting,
  type TMeetingCreateInput,
  type TMeetingUpdateInput,
  type TRetrieveAttendanceReply,
  type TRetrieveMeetingReply,
  ZAttendanceChangeReply,
  ZJoinReply,
  ZMeeting,
  ZMeetingListReply,
  ZRetrieveAttendanceReply,
  ZRetrieveMeetingReply,
} from '@gavel/contracts';
import { z } from 'zod';
import { yearQuery } from '@/features/committees/year-param';
import { api } from '@/lib/api-client';
import { committeeAdminBase, meetingAdminBase, meetingBase } from '@/lib/paths';

const ZOk = z.object({ ok: z.literal(true) });
const enc = encodeURIComponent;

export function fetchMeetingPage(
  committeeCode: string,
  meetingCode: string,
  signal?: AbortSignal,
): Promise<TRetrieveMeetingReply> {
  return api.get(
    ZRetrieveMeetingReply,
    `${meetingBase(committeeCode, meetingCode)}/retrieve/meeting`,
    signal,
  );
}

export function fetchMeetingAttendance(
  committeeCode: string,
  meetingCode: string,
  signal?: AbortSignal,
): Promise<TRetrieveAttendanceReply> {
  return api.get(
    ZRetrieveAttendanceReply,
    `${meetingBase(committeeCode, meetingCode)}/retrieve/attendance`,
    signal,
  );
}

export function fetchJoinLink(
  committeeCode: string,
  meetingCode: string,
  signal?: AbortSignal,
): Promise<TJoinReply> {
  return api.get(ZJoinReply, `${meetingBase(committeeCode, meetingCode)}/join`, signal);
}

export function startMeeting(committeeCode: string, meetingCode: string): Promise<TMeeting> {
  return api.put(ZMeeting, `${meetingAdminBase(committeeCode, meetingCode)}/start`);
}

export function endMeeting(committeeCode: string, meetingCode: string): Promise<TMeeting> {
  return api.put(ZMeeting, `${meetingAdminBase(committeeCode, meetingCode)}/end`);
}

/** {base}: a meeting base or a vote base; attendance calls share their shape. */
export type AttendanceBase = string;

export function setRsvp(
  base: AttendanceBase,
  userId: string,
  body: { attending: boolean; attending_via: 'in_person' | 'remote' | '' },
): Promise<TAttendanceChangeReply> {
  return api.post(ZAttendanceChangeReply, `${base}/user/${enc(userId)}/planned_attendance`, body);
}

export function removeRsvp(base: AttendanceBase, userId: string): Promise<TAttendanceChangeReply> {
  return api.delete(ZAttendanceChangeReply, `${base}/user/${enc(userId)}/planned_attendance`);
}

export function setAttendance(
  base: AttendanceBase,
  userId: string,
  body: { attending_via: 'in_person' | 'remote' },
): Promise<TAttendanceChangeReply> {
  return api.post(ZAttendanceChangeReply, `${base}/user/${enc(userId)}/attendance`, body);
}

export function removeAttendance(base: AttendanceBase, userId: string): Promise<TAttendanceChangeReply> {
  return api.delete(ZAttendanceChangeReply, `${base}/user/${enc(userId)}/attendance`);
}

// ---- admin ----
/** A committee's meetings; `year` names the committee of that year (see CommitteeRef). */
export function fetchCommitteeMeetings(
  committeeCode: string,
  year: number | undefined,
  signal?: AbortSignal,
): Promise<TMeeting[]> {
  return api.get(
    ZMeetingListReply,
    `${committeeAdminBase(committeeCode)}/meetings${yearQuery(year)}`,
    signal,
  );
}

export function fetchAdminMeeting(
  committeeCode: string,
  meetingCode: string,
  signal?: AbortSignal,
): Promise<TMeeting> {
  return api.get(ZMeeting, meetingAdminBase(committeeCode, meetingCode), signal);
}

export type MeetingCreateBody = Omit<TMeetingCreateInput, 'committeeCode'>;
export type MeetingUpdateBody = Omit<TMeetingUpdateInput, 'committeeCode' | 'meetingCode'>;

export function createMeeting(committeeCode: string, body: MeetingCreateBody): Promise<TMeeting> {
  return api.post(ZMeeting, `${committeeAdminBase(committeeCode)}/meeting`, body);
}

export function updateMeeting(
  committeeCode: string,
  meetingCode: string,
  body: MeetingUpdateBody,
): Promise<TMeeting> {
  return api.put(ZMeeting, meetingAdminBase(committeeCode, meetingCode), body);
}

export function deleteMeeting(committeeCode: string, meetingCode: string): Promise<z.infer<typeof ZOk>> {
  return api.delete(ZOk, meetingAdminBase(committeeCode, meetingCode));
}
