import type {
  TAttendanceChangeReply,
  TMotion,
  TMotionsReply,
  TPhase,
  TRetrieveAttendanceReply,
  TVoteResponseRow,
  TVoteView,
} from '@gavel/contracts';

/**
 * Pure updates of cached answers, shared by realtime messages (spec section 7) and action answers so
 * both patch alike. Each returns a new object and leaves its input alone.
 */

/** True when a cached value has the retrieve/motions shape ({motions, votes, responses}). */
export function isMotionsReply(data: unknown): data is TMotionsReply {
  if (!data || typeof data !== 'object') return false;
  const d = data as Partial<TMotionsReply>;
  return Array.isArray(d.motions) && Array.isArray(d.votes) && Array.isArray(d.responses);
}

function upsertById<T extends { id: string }>(list: readonly T[], item: T): T[] {
  const index = list.findIndex((x) => x.id === item.id);
  if (index < 0) return [...list, item];
  const next = [...list];
  next[index] = item;
  return next;
}

/** A created or changed vote, as this viewer may see it. */
export function withVote(data: TMotionsReply, vote: TVoteView): TMotionsReply {
  return { ...data, votes: upsertById(data.votes, vote) };
}

/** How far a meeting's vote has come: open, ended (closed or timed out), finalized. */
function voteProgress(vote: TVoteView): number {
  if (vote.is_finalized) return 2;
  return vote.is_active ? 0 : 1;
}

/**
 * Whether `next` is older than the `held` copy of a meeting's vote. Messages about one vote may arrive out
 * of order (two realtime instances; tallies and events by separate routes), and a meeting vote only moves
 * forward: open, ended, finalized, with time only ever added while it is open. (An email vote's ballots
 * move back with their window, so this holds for meetings only.)
 */
export function isOlderMeetingVote(held: TVoteView, next: TVoteView): boolean {
  if (voteProgress(next) !== voteProgress(held)) return voteProgress(next) < voteProgress(held);
  return next.is_active && Date.parse(next.ended_at) < Date.parse(held.ended_at);
}

const MEETING_PROGRESS: Record<TPhase, number> = { planned: 0, in_progress: 1, ended: 2 };

/** Whether a meeting state of status `next` is older than the `held` one: a meeting never goes back. */
export function isOlderMeetingStatus(held: TPhase, next: TPhase): boolean {
  return MEETING_PROGRESS[next] < MEETING_PROGRESS[held];
}

/**
 * True when a vote in an email vote's motions runs over another window than the email vote's: its
 * ballots run over its whole window and move with it, so such a cache is behind a moved window.
 */
export function hasVoteOffWindow(data: TMotionsReply, window: { start: string; end: string }): boolean {
  const start = Date.parse(window.start);
  const end = Date.parse(window.end);
  return data.votes.some((v) => Date.parse(v.started_at) !== start || Date.parse(v.ended_at) !== end);
}

/** A created or changed motion. */
export function withMotion(data: TMotionsReply, motion: TMotion): TMotionsReply {
  return { ...data, motions: upsertById(data.motions, motion) };
}

/** Deleted motions leave with their amendments (however deep), their votes and those votes' responses. */
export function withoutMotions(data: TMotionsReply, ids: readonly string[]): TMotionsReply {
  const gone = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const m of data.motions) {
      if (!gone.has(m.id) && m.amendment_parent_id !== null && gone.has(m.amendment_parent_id)) {
        gone.add(m.id);
        grew = true;
      }
    }
  }
  const goneVotes = new Set(data.votes.filter((v) => gone.has(v.motion_id)).map((v) => v.id));
  return {
    ...data,
    motions: data.motions.filter((m) => !gone.has(m.id)),
    votes: data.votes.filter((v) => !goneVotes.has(v.id)),
    responses: data.responses.filter((r) => !goneVotes.has(r.vote_id)),
  };
}

/**
 * A new order: each listed motion's sort becomes its index. The array is not re-sorted: the list orders
 * by sort (then created_at) itself.
 */
export function withMotionOrder(data: TMotionsReply, ids: readonly string[]): TMotionsReply {
  const order = new Map(ids.map((id, index) => [id, index]));
  return {
    ...data,
    motions: data.motions.map((m) => {
      const sort = order.get(m.id);
      return sort === undefined ? m : { ...m, sort };
    }),
  };
}

/** Replaces the caller's responses to one vote (a cast answers with all of them). */
export function withOwnResponses(
  data: TMotionsReply,
  voteId: string,
  responses: readonly TVoteResponseRow[],
): TMotionsReply {
  return { ...data, responses: [...data.responses.filter((r) => r.vote_id !== voteId), ...responses] };
}

/**
 * 'rsvp.updated' / 'rsvp.deleted' / 'attendee.added' / 'attendee.updated' and attendance actions: the
 * member and user as this viewer may see them. A runner's per-member voting status is kept (broadcasts
 * do not carry it). A change older than the one already shown (realtime instances can deliver one
 * member's changes out of order) is dropped.
 */
export function withAttendanceChange(
  data: TRetrieveAttendanceReply,
  change: TAttendanceChangeReply,
): TRetrieveAttendanceReply {
  const { member, user } = change;
  const index = data.members.findIndex((m) => m.user_id === member.user_id);
  const shown = data.members[index]?.changed_at;
  if (shown && member.changed_at && Date.parse(member.changed_at) < Date.parse(shown)) return data;
  const users = upsertById(data.users, user);
  const members = [...data.members];
  if (index < 0) members.push(member);
  else {
    const previous = members[index];
    members[index] = { ...member, voting_status: member.voting_status ?? previous?.voting_status };
  }
  const attendance = member.attendee ? upsertById(data.attendance, member.attendee) : data.attendance;
  const rsvps = member.rsvp
    ? upsertById(data.rsvps, member.rsvp)
    : data.rsvps.filter((r) => r.user_id !== member.user_id);
  return { users, members, attendance, rsvps };
}
