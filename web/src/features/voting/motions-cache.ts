/**
 * Pure updates of the cached retrieve/motions answer from the answers of motion and vote actions
 * (realtime messages are applied by web/src/lib/realtime).
 */
import type { TMotion, TMotionsReply, TVoteResponseRow, TVoteView } from '@gavel/contracts';

export function upsertMotion(data: TMotionsReply, motion: TMotion): TMotionsReply {
  const exists = data.motions.some((m) => m.id === motion.id);
  return {
    ...data,
    motions: exists ? data.motions.map((m) => (m.id === motion.id ? motion : m)) : [...data.motions, motion],
  };
}

export function upsertVote(data: TMotionsReply, vote: TVoteView): TMotionsReply {
  const exists = data.votes.some((v) => v.id === vote.id);
  return {
    ...data,
    votes: exists ? data.votes.map((v) => (v.id === vote.id ? vote : v)) : [...data.votes, vote],
  };
}

/** Removes motions by id, with every amendment below them, and their votes. */
export function removeMotions(data: TMotionsReply, ids: readonly string[]): TMotionsReply {
  const doomed = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of data.motions) {
      if (m.amendment_parent_id && doomed.has(m.amendment_parent_id) && !doomed.has(m.id)) {
        doomed.add(m.id);
        grew = true;
      }
    }
  }
  return {
    ...data,
    motions: data.motions.filter((m) => !doomed.has(m.id)),
    votes: data.votes.filter((v) => !doomed.has(v.motion_id)),
  };
}

/** Applies a new order (ids in order): their sort becomes their index. */
export function sortMotions(data: TMotionsReply, ids: readonly string[]): TMotionsReply {
  const index = new Map(ids.map((id, i) => [id, i]));
  return {
    ...data,
    motions: data.motions.map((m) => {
      const sort = index.get(m.id);
      return sort === undefined ? m : { ...m, sort };
    }),
  };
}

/** Replaces the caller's responses of one vote (a cast answers all of them). */
export function replaceResponses(
  data: TMotionsReply,
  voteId: string,
  responses: readonly TVoteResponseRow[],
): TMotionsReply {
  return { ...data, responses: [...data.responses.filter((r) => r.vote_id !== voteId), ...responses] };
}
