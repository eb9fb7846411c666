import {
  type TEmailVote,
  type TEmailVoteCreateInput,
  type TEmailVoteUpdateInput,
  type TRetrieveAttendanceReply,
  ZEmailVote,
  ZRetrieveAttendanceReply,
} from '@gavel/contracts';
import { z } from 'zod';
import { api, apiRequest } from '@/lib/api-client';

const enc = encodeURIComponent;

/** {vote base}: /vote/{committeeCode}/{voteCode} (under /api for calls). */
export function voteBase(committeeCode: string, voteCode: string): string {
  return `/vote/${enc(committeeCode)}/${enc(voteCode)}`;
}

export function voteAdminBase(committeeCode: string, voteCode: string): string {
  return `/admin/committee/${enc(committeeCode)}/vote/${enc(voteCode)}`;
}

export function fetchEmailVote(
  committeeCode: string,
  voteCode: string,
  signal?: AbortSignal,
): Promise<TEmailVote> {
  return api.get(ZEmailVote, `${voteBase(committeeCode, voteCode)}/retrieve/vote`, signal);
}

export function fetchEmailVoteAttendance(
  committeeCode: string,
  voteCode: string,
  signal?: AbortSignal,
): Promise<TRetrieveAttendanceReply> {
  return api.get(
    ZRetrieveAttendanceReply,
    `${voteBase(committeeCode, voteCode)}/retrieve/attendance`,
    signal,
  );
}

/** A committee's email votes (GET /api/admin/committee/{code}/votes, in the style of .../meetings). */
export function fetchCommitteeEmailVotes(committeeCode: string, signal?: AbortSignal): Promise<TEmailVote[]> {
  return api.get(z.array(ZEmailVote), `/admin/committee/${enc(committeeCode)}/votes`, signal);
}

export type EmailVoteCreateBody = Omit<TEmailVoteCreateInput, 'committeeCode'>;
export type EmailVoteUpdateBody = Omit<TEmailVoteUpdateInput, 'committeeCode' | 'voteCode'>;

export function createEmailVote(committeeCode: string, body: EmailVoteCreateBody): Promise<TEmailVote> {
  return api.post(ZEmailVote, `/admin/committee/${enc(committeeCode)}/vote`, body);
}

export function updateEmailVote(
  committeeCode: string,
  voteCode: string,
  body: EmailVoteUpdateBody,
): Promise<TEmailVote> {
  return api.put(ZEmailVote, voteAdminBase(committeeCode, voteCode), body);
}

export function deleteEmailVote(committeeCode: string, voteCode: string): Promise<unknown> {
  return apiRequest(voteAdminBase(committeeCode, voteCode), { method: 'DELETE' });
}
