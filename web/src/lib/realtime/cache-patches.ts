import type {
  TAttendanceChangeReply,
  TMotion,
  TMotionsReply,
  TRetrieveAttendanceReply,
  TVoteView,
} from '@gavel/contracts';

/**
 * Pure updates of cached answers from realtime messages (spec section 7, "Realtime"). Each returns a
 * new object and leaves its input alone.
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

/** 'vote.updated': the vote as this viewer may see it replaces the cached one. */
export function withVote(data: TMotionsReply, vote: TVoteView): TMotionsReply {
  return { ...data, votes: upsertById(data.votes, vote) };
}

/** 'motion.updated': a created or changed motion. */
export function withMotion(data: TMotionsReply, motion: TMotion): TMotionsReply {
  return { ...data, motions: upsertById(data.motions, motion) };
}

/** 'motion.deleted': the motions (and their amendments) leave the list. */
export function withoutMotions(data: TMotionsReply, ids: readonly string[]): TMotionsReply {
  const gone = new Set(ids);
  // Amendments of a deleted motion go with it, however deep.
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
  return { ...data, motions: data.motions.filter((m) => !gone.has(m.id)) };
}

/** 'motion.sorted': the listed ids take the sort order of their position. */
export function withMotionOrder(data: TMotionsReply, ids: readonly string[]): TMotionsReply {
  const order = new Map(ids.map((id, index) => [id, index]));
  const motions = data.motions
    .map((m) => (order.has(m.id) ? { ...m, sort: order.get(m.id) ?? m.sort } : m))
    .sort((a, b) => a.sort - b.sort);
  return { ...data, motions };
}

/**
 * 'rsvp.updated' / 'rsvp.deleted' / 'attendee.added' / 'attendee.updated': the member and user as this
 * viewer may see them. A runner's per-member voting status is kept (broadcasts do not carry it).
 */
export function withAttendanceChange(
  data: TRetrieveAttendanceReply,
  change: TAttendanceChangeReply,
): TRetrieveAttendanceReply {
  const { member, user } = change;
  const users = upsertById(data.users, user);
  const index = data.members.findIndex((m) => m.user_id === member.user_id);
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
