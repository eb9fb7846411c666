import {
  type TEmailVote,
  type TEmailVoteCreateInput,
  type TEmailVoteUpdateInput,
  type TRetrieveAttendanceReply,
  type TRetrieveEmailVoteReply,
  ZEmailVote,
  ZRetrieveAttendanceReply,
  ZRetrieveEmailVoteReply,
} from '@gavel/contracts';
import { z } from 'zod';
import { yearQuery } from '@/features/committees/year-param';
import { api, apiRequest } from '@/lib/api-client';
import { committeeAdminBase, voteAdminBase, voteBase } from '@/lib/paths';

export function fetchEmailVote(
  committeeCode: string,
  voteCode: string,
  signal?: AbortSignal,
): Promise<TRetrieveEmailVoteReply> {
  return api.get(ZRetrieveEmailVoteReply, `${voteBase(committeeCode, voteCode)}/retrieve/vote`, signal);
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
export function fetchCommitteeEmailVotes(
  committeeCode: string,
  year: number | undefined,
  signal?: AbortSignal,
): Promise<TEmailVote[]> {
  return api.get(z.array(ZEmailVote), `${committeeAdminBase(committeeCode)}/votes${yearQuery(year)}`, signal);
}

export type EmailVoteCreateBody = Omit<TEmailVoteCreateInput, 'committeeCode'>;
export type EmailVoteUpdateBody = Omit<TEmailVoteUpdateInput, 'committeeCode' | 'voteCode'>;

export function createEmailVote(committeeCode: string, body: EmailVoteCreateBody): Promise<TEmailVote> {
  return api.post(ZEmailVote, `${committeeAdminBase(committeeCode)}/vote`, body);
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
