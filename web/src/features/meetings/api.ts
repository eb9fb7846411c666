import {
  type TAttendanceChangeReply,
  type TJoinReply,
  type TMeeting,
  type TMeetingCreateInput,
  type TMeetingUpdateInput,
  type TRetrieveAttendanceReply,
  type TRetrieveMeetingReply,
  type TUserSearchResult,
  ZAttendanceChangeReply,
  ZJoinReply,
  ZMeeting,
  ZMeetingListReply,
  ZRetrieveAttendanceReply,
  ZRetrieveMeetingReply,
  ZUserListReply,
} from '@gavel/contracts';
import { z } from 'zod';
import { api, apiRequest } from '@/lib/api-client';

const ZOk = z.object({ ok: z.literal(true) });
const enc = encodeURIComponent;

/** {meeting base}: /meeting/{committeeCode}/{meetingCode} (under /api for calls). */
export function meetingBase(committeeCode: string, meetingCode: string): string {
  return `/meeting/${enc(committeeCode)}/${enc(meetingCode)}`;
}

/** {admin base}: /admin/committee/{code}/meeting/{code}. */
export function meetingAdminBase(committeeCode: string, meetingCode: string): string {
  return `/admin/committee/${enc(committeeCode)}/meeting/${enc(meetingCode)}`;
}

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

/** The add-non-committee-member search fields (spec section 5). */
export interface UserSearchCriteria {
  nrds: string;
  first_name: string;
  last_name: string;
  email: string;
}

export function searchUsersBy(
  criteria: UserSearchCriteria,
  signal?: AbortSignal,
): Promise<TUserSearchResult[]> {
  return apiRequest('/admin/users/list', { method: 'POST', body: criteria, signal }).then((body) =>
    ZUserListReply.parse(body),
  );
}

// ---- admin ----
export function fetchCommitteeMeetings(committeeCode: string, signal?: AbortSignal): Promise<TMeeting[]> {
  return api.get(ZMeetingListReply, `/admin/committee/${enc(committeeCode)}/meetings`, signal);
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
  return api.post(ZMeeting, `/admin/committee/${enc(committeeCode)}/meeting`, body);
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
