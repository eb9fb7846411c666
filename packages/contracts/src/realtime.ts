import { z } from 'zod';
import { ZCommitteeCode } from './committees.js';
import { ZEmailVoteCode, ZMeetingCode } from './meetings.js';

/**
 * The realtime channel (meetings spec sections 4 and 7). Owning services decide who sees what: they
 * publish broadcasts with a payload for everyone and, where it differs, one for staff ('modify meeting
 * attendance': full attendee fields) and one for runners ('run meetings': results and breakdowns
 * whatever the visibility). The realtime service only fans them out.
 */
const ZId = z.string().min(1);

/** The spec's event kinds (section 7, "Realtime"). */
export const REALTIME_KINDS = [
  'page.reload',
  'meeting.state',
  'vote.state',
  'refresh',
  'resource.sorted',
  'resource.updated',
  'resource.deleted',
  'rsvp.updated',
  'rsvp.deleted',
  'attendee.added',
  'attendee.updated',
  'motion.sorted',
  'motion.updated',
  'motion.deleted',
  'vote.updated',
  'response',
] as const;
export const ZRealtimeKind = z.enum(REALTIME_KINDS);
export type TRealtimeKind = z.infer<typeof ZRealtimeKind>;

/** What a 'refresh' asks clients to refetch. */
export const ZRefreshTarget = z.enum(['meeting', 'vote', 'motions', 'attendance', 'all']);

/** A channel by id: `meeting.{meetingId}` or `vote.{voteId}` (ids, since codes can be renamed). */
export const ZChannel = z.string().regex(/^(meeting|vote)\.[^.\s]+$/);
export type TChannel = z.infer<typeof ZChannel>;
export const meetingChannel = (meetingId: string): TChannel => `meeting.${meetingId}`;
export const voteChannel = (voteId: string): TChannel => `vote.${voteId}`;

/** evt.realtime.broadcast, written through the owning service's outbox. */
export const ZBroadcast = z.object({
  tenantId: ZId,
  channel: ZChannel,
  kind: ZRealtimeKind,
  /** What everyone on the channel receives. */
  payload: z.unknown(),
  /** Replaces payload for staff ('modify meeting attendance'), e.g. attendees with email/username/nrds. */
  staff_payload: z.unknown().optional(),
  /** Replaces payload for runners ('run meetings'), e.g. results whatever their visibility. */
  runner_payload: z.unknown().optional(),
  /** Only this user's sockets receive it (payload, redacted): e.g. a response a runner cast for them. */
  user_id: ZId.optional(),
});
export type TBroadcast = z.infer<typeof ZBroadcast>;

/** The answer of meetings.channel.access / voting.channel.access. */
export const ZChannelAccess = z.object({ channel: ZChannel, staff: z.boolean(), runner: z.boolean() });
export type TChannelAccess = z.infer<typeof ZChannelAccess>;

/**
 * The one socket.io event name clients listen to; the message carries the kind. It carries one message,
 * or an array of one channel's messages to apply in order (a hall's check-ins, batched by realtime).
 */
export const SOCKET_EVENT = 'gavel';
export const ZSocketMessage = z.object({ channel: ZChannel, kind: ZRealtimeKind, payload: z.unknown() });
export type TSocketMessage = z.infer<typeof ZSocketMessage>;

/**
 * Client → server: join a page's channel by the codes in its URL. The codes follow the rules their owners
 * give them: a code no committee, meeting or vote can have is refused before any service is asked (a NUL
 * would otherwise reach Postgres).
 */
export const ZJoinRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('meeting'), committee_code: ZCommitteeCode, meeting_code: ZMeetingCode }),
  z.object({ type: z.literal('vote'), committee_code: ZCommitteeCode, vote_code: ZEmailVoteCode }),
]);
export type TJoinRequest = z.infer<typeof ZJoinRequest>;

/** Core NATS subject (not JetStream): a vote received responses; realtime coalesces these into tallies. */
export const VOTE_DIRTY_SUBJECT = 'rt.vote.dirty';
export const ZVoteDirty = z.object({ tenantId: ZId, vote_id: ZId, channel: ZChannel });
export type TVoteDirty = z.infer<typeof ZVoteDirty>;

/**
 * Payload of a 'page.reload' message: why, and where the page now is when it moved (a meeting whose code
 * changed): a path of this site, which open pages go to instead of reloading the address they have.
 */
export const ZPageReloadPayload = z.object({
  reason: z.string().optional(),
  path: z
    .string()
    .regex(/^\/(?![/\\])/)
    .optional(),
});
export type TPageReloadPayload = z.infer<typeof ZPageReloadPayload>;

/** Payload of a 'refresh' message: what to refetch. */
export const ZRefreshPayload = z.object({ target: ZRefreshTarget });
export type TRefreshPayload = z.infer<typeof ZRefreshPayload>;

/** Client → server socket events, and the acknowledgement of a join. */
export const SOCKET_JOIN = 'join';
export const SOCKET_LEAVE = 'leave';
export const ZJoinAck = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), channel: ZChannel }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type TJoinAck = z.infer<typeof ZJoinAck>;
/** `leave` takes the channel a join acknowledged. */
export const ZLeaveRequest = z.object({ channel: ZChannel });
