import {
  AppError,
  SUBJECTS,
  type TRequestContext,
  ZCastReply,
  ZMessageReply,
  ZMotionReply,
  ZMotionsReply,
  ZVoteReply,
} from '@gavel/contracts';
import type { Harness, World } from './support.js';

export const S = SUBJECTS.voting;

/** The AppError a call fails with (fails the test when it succeeds). */
export async function refused(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

export function api(h: Harness, w: World) {
  const base = w.base;
  return {
    create: (ctx: TRequestContext, body: Record<string, unknown> = {}) =>
      h.call(S.motionCreate, ctx, { ...base, name: 'Adopt the budget', ...body }, ZMotionReply),
    amend: (ctx: TRequestContext, id: string, body: Record<string, unknown> = {}) =>
      h.call(S.motionAmend, ctx, { ...base, id, name: 'Amend the budget', ...body }, ZMotionReply),
    update: (ctx: TRequestContext, id: string, body: Record<string, unknown> = {}) =>
      h.call(S.motionUpdate, ctx, { ...base, id, name: 'Adopt the budget', ...body }, ZMotionReply),
    remove: (ctx: TRequestContext, id: string) => h.call(S.motionDelete, ctx, { ...base, id }, ZMessageReply),
    hide: (ctx: TRequestContext, id: string, result_visibility: string) =>
      h.call(S.motionHide, ctx, { ...base, id, result_visibility }, ZMotionReply),
    resort: (ctx: TRequestContext, motions: string[]) =>
      h.call(S.motionsResort, ctx, { ...base, motions }, ZMessageReply),
    start: (ctx: TRequestContext, id: string, type = 'motion', revote = false) =>
      h.call(S.voteStart, ctx, { ...base, id, type, revote }, ZVoteReply),
    unanimous: (ctx: TRequestContext, id: string, type = 'motion', revote = false) =>
      h.call(S.voteUnanimous, ctx, { ...base, id, type, revote }, ZVoteReply),
    addTime: (ctx: TRequestContext, id: string, voteId: string, time?: number) =>
      h.call(S.voteAddTime, ctx, { ...base, id, voteId, ...(time ? { time } : {}) }, ZVoteReply),
    close: (ctx: TRequestContext, id: string, voteId: string) =>
      h.call(S.voteClose, ctx, { ...base, id, voteId }, ZVoteReply),
    cast: (
      ctx: TRequestContext,
      id: string,
      voteId: string,
      vote: string,
      extra: Record<string, unknown> = {},
    ) => h.call(S.responseCast, ctx, { ...base, id, voteId, vote, ...extra }, ZCastReply),
    retrieve: (ctx: TRequestContext) => h.call(S.motionsRetrieve, ctx, base, ZMotionsReply),
  };
}
