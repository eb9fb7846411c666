import type {
  TAttendanceChangeReply,
  TMeeting,
  TRetrieveAttendanceReply,
  TRetrieveMeetingReply,
} from '@gavel/contracts';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createMeeting,
  deleteMeeting,
  endMeeting,
  fetchAdminMeeting,
  fetchCommitteeMeetings,
  fetchJoinLink,
  fetchMeetingAttendance,
  fetchMeetingPage,
  type MeetingCreateBody,
  type MeetingUpdateBody,
  removeAttendance,
  removeRsvp,
  setAttendance,
  setRsvp,
  startMeeting,
  updateMeeting,
} from '@/features/meetings/api';
import { JOIN_MAX_ATTEMPTS, joinFailureHidesButton } from '@/features/meetings/meeting-rules';
import { searchUsers, type UserSearchCriteria } from '@/features/users/api';
import { withAttendanceChange } from '@/lib/cache-patches';
import { writeNewer } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { PAGE_ACTION_KEY, usePagePolling } from '@/lib/realtime/page-polling';

export function useMeetingPage(
  committeeCode: string,
  meetingCode: string,
  interval: number | false,
  live = false,
) {
  const refetchInterval = usePagePolling(interval, live);
  return useQuery({
    queryKey: queryKeys.meetings.detail(committeeCode, meetingCode),
    queryFn: ({ signal }) => fetchMeetingPage(committeeCode, meetingCode, signal),
    refetchInterval,
  });
}

export function useMeetingAttendance(
  committeeCode: string,
  meetingCode: string,
  interval: number | false,
  live = false,
) {
  const refetchInterval = usePagePolling(interval, live);
  // No `enabled` of its own: the client's default holds this poll while the sign-in-again dialog is open.
  return useQuery({
    queryKey: queryKeys.meetings.attendance(committeeCode, meetingCode),
    queryFn: ({ signal }) => fetchMeetingAttendance(committeeCode, meetingCode, signal),
    refetchInterval,
  });
}

/**
 * GET {meeting base}/join, only when the meeting allows remote and is in progress: up to 3 attempts per
 * video id (a changed id is a new key, so its attempts start again); 401/404 stop at once.
 */
export function useJoinLink(
  committeeCode: string,
  meetingCode: string,
  videoId: string | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: queryKeys.meetings.join(committeeCode, meetingCode, videoId),
    queryFn: ({ signal }) => fetchJoinLink(committeeCode, meetingCode, signal),
    enabled,
    retry: (failures, err) => failures < JOIN_MAX_ATTEMPTS - 1 && !joinFailureHidesButton(err),
    retryDelay: 1_000,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    // A failed link is not asked for again when another join button mounts (header, info panel): the
    // attempts are per video id, not per render.
    retryOnMount: false,
  });
}

function useSetMeeting(committeeCode: string, meetingCode: string) {
  const queryClient = useQueryClient();
  return (meeting: TMeeting) => {
    writeNewer<TRetrieveMeetingReply>(
      queryClient,
      queryKeys.meetings.detail(committeeCode, meetingCode),
      (old) => (old ? { ...old, meeting } : old),
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.lists(committeeCode) });
  };
}

export function useStartMeeting(committeeCode: string, meetingCode: string) {
  const setMeeting = useSetMeeting(committeeCode, meetingCode);
  return useMutation({
    mutationKey: PAGE_ACTION_KEY,
    mutationFn: () => startMeeting(committeeCode, meetingCode),
    onSuccess: setMeeting,
  });
}

export function useEndMeeting(committeeCode: string, meetingCode: string) {
  const setMeeting = useSetMeeting(committeeCode, meetingCode);
  return useMutation({
    mutationKey: PAGE_ACTION_KEY,
    mutationFn: () => endMeeting(committeeCode, meetingCode),
    onSuccess: setMeeting,
  });
}

export type AttendanceAction =
  | { type: 'rsvp'; userId: string; attending: boolean; via: 'in_person' | 'remote' | '' }
  | { type: 'rsvp-remove'; userId: string }
  | { type: 'check-in'; userId: string; via: 'in_person' | 'remote' }
  | { type: 'check-out'; userId: string };

function runAttendanceAction(base: string, action: AttendanceAction): Promise<TAttendanceChangeReply> {
  switch (action.type) {
    case 'rsvp':
      return setRsvp(base, action.userId, { attending: action.attending, attending_via: action.via });
    case 'rsvp-remove':
      return removeRsvp(base, action.userId);
    case 'check-in':
      return setAttendance(base, action.userId, { attending_via: action.via });
    case 'check-out':
      return removeAttendance(base, action.userId);
  }
}

/** RSVP and check-in changes on `{base}` (under /api); the answer updates the cached attendance. */
export function useAttendanceAction(base: string, attendanceKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: PAGE_ACTION_KEY,
    mutationFn: (action: AttendanceAction) => runAttendanceAction(base, action),
    onSuccess: (reply) => {
      writeNewer<TRetrieveAttendanceReply>(queryClient, attendanceKey, (old) =>
        old ? withAttendanceChange(old, reply) : old,
      );
    },
  });
}

/** POST /admin/users/list; answers are cached per search combination (spec section 5). */
export function useUserSearch(criteria: UserSearchCriteria | null) {
  return useQuery({
    queryKey: queryKeys.meetings.userSearch({
      ...(criteria ?? { nrds: '', first_name: '', last_name: '', email: '' }),
    }),
    queryFn: ({ signal }) => searchUsers(criteria as UserSearchCriteria, signal),
    enabled: criteria !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

// ---- admin ----
/**
 * A committee's meetings (the committee admin page's list): fetched again whenever the window regains focus,
 * so a page left open shows meetings others started, ended or changed meanwhile.
 */
export function useCommitteeMeetings(committeeCode: string, year?: number) {
  return useQuery({
    queryKey: queryKeys.meetings.list(committeeCode, year),
    queryFn: ({ signal }) => fetchCommitteeMeetings(committeeCode, year, signal),
    refetchOnWindowFocus: 'always',
  });
}

export function useAdminMeeting(committeeCode: string, meetingCode: string) {
  return useQuery({
    queryKey: queryKeys.meetings.admin(committeeCode, meetingCode),
    queryFn: ({ signal }) => fetchAdminMeeting(committeeCode, meetingCode, signal),
    refetchOnWindowFocus: false,
  });
}

export function useCreateMeeting(committeeCode: string, year?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeetingCreateBody) => createMeeting(committeeCode, { ...body, year }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.lists(committeeCode) }),
  });
}

export function useUpdateMeeting(committeeCode: string, meetingCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeetingUpdateBody) => updateMeeting(committeeCode, meetingCode, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all }),
  });
}

export function useDeleteMeeting(committeeCode: string, meetingCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteMeeting(committeeCode, meetingCode),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.lists(committeeCode) }),
  });
}
