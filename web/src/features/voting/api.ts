import {
  type TCastReply,
  type TMessageReply,
  type TMotionsReply,
  type TResultVisibility,
  type TVoteKind,
  type TVoteReply,
  type TVoteType,
  ZCastReply,
  ZMessageReply,
  ZMotionReply,
  ZMotionsReply,
  ZVoteReply,
} from '@gavel/contracts';
import type { z } from 'zod';
import { adminBase, motionPath, publicBase } from '@/features/voting/scope';
import { api } from '@/lib/api-client';
import type { PageScope } from '@/lib/page-scope';

export type TMotionReply = z.infer<typeof ZMotionReply>;

const enc = encodeURIComponent;

/** GET {base}/retrieve/motions: motions, votes as the caller may see them, the caller's own responses. */
export function fetchMotions(scope: PageScope, signal?: AbortSignal): Promise<TMotionsReply> {
  return api.get(ZMotionsReply, `${publicBase(scope)}/retrieve/motions`, signal);
}

/** The motion form payload (spec section 7 "motion form payload"). */
export interface MotionFormBody {
  name: string;
  body: string | null;
  custom_responses_enabled: boolean;
  motion_responses: string[] | null;
  maximum_responses: number;
  vote_type: TVoteType;
  /** null: the configured default. */
  result_visibility: TResultVisibility | null;
  motion_filter: (string | null)[] | null;
}

/** POST {adminBase}/motion */
export function createMotion(scope: PageScope, body: MotionFormBody): Promise<TMotionReply> {
  return api.post(ZMotionReply, `${adminBase(scope)}/motion`, body);
}

/** POST {adminBase}/motion/{id}/amendment */
export function amendMotion(scope: PageScope, id: string, body: MotionFormBody): Promise<TMotionReply> {
  return api.post(ZMotionReply, motionPath(scope, id, '/amendment'), body);
}

/** PUT {adminBase}/motion/{id} */
export function updateMotion(scope: PageScope, id: string, body: MotionFormBody): Promise<TMotionReply> {
  return api.put(ZMotionReply, motionPath(scope, id), body);
}

/** DELETE {adminBase}/motion/{id} */
export function deleteMotion(scope: PageScope, id: string): Promise<TMessageReply> {
  return api.delete(ZMessageReply, motionPath(scope, id));
}

/** PUT {adminBase}/motions-resort with the ordered ids. */
export function resortMotions(scope: PageScope, motions: string[]): Promise<TMessageReply> {
  return api.put(ZMessageReply, `${adminBase(scope)}/motions-resort`, { motions });
}

/** PUT {adminBase}/motion/{id}/hide */
export function setResultVisibility(
  scope: PageScope,
  id: string,
  resultVisibility: TResultVisibility,
): Promise<TMotionReply> {
  return api.put(ZMotionReply, motionPath(scope, id, '/hide'), { result_visibility: resultVisibility });
}

export interface VoteStartBody {
  type: TVoteKind;
  revote: boolean;
}

/** PUT {adminBase}/motion/{id}/vote: starts a vote (or a revote). */
export function startVote(scope: PageScope, id: string, body: VoteStartBody): Promise<TVoteReply> {
  return api.put(ZVoteReply, motionPath(scope, id, '/vote'), body);
}

/** PUT {adminBase}/motion/{id}/unanimous: approval by unanimous consent. */
export function approveUnanimously(scope: PageScope, id: string, body: VoteStartBody): Promise<TVoteReply> {
  return api.put(ZVoteReply, motionPath(scope, id, '/unanimous'), body);
}

/** PUT {adminBase}/motion/{id}/vote/{voteId}: adds `time` seconds. */
export function addVoteTime(scope: PageScope, id: string, voteId: string, time: number): Promise<TVoteReply> {
  return api.put(ZVoteReply, motionPath(scope, id, `/vote/${enc(voteId)}`), { time });
}

/** PUT {adminBase}/motion/{id}/vote/{voteId}/close */
export function closeVote(scope: PageScope, id: string, voteId: string): Promise<TVoteReply> {
  return api.put(ZVoteReply, motionPath(scope, id, `/vote/${enc(voteId)}/close`));
}

/** POST {adminBase}/motion/{id}/vote/{voteId}/response with the chosen response. */
export function castResponse(
  scope: PageScope,
  id: string,
  voteId: string,
  body: { vote: string; idempotency_key?: string },
): Promise<TCastReply> {
  return api.post(ZCastReply, motionPath(scope, id, `/vote/${enc(voteId)}/response`), body);
}
