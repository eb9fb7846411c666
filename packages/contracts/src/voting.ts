import { z } from 'zod';
import { oneLineText } from './text.js';

/**
 * Cross-service contracts of the voting service. The voting service owns the rest of its schemas
 * (below the marker) and its routes (voting-routes.ts).
 */
const ZId = z.string().min(1);

/** voting.channel.access: may the caller join an email vote's realtime channel, and with what view. */
export const ZVoteChannelAccessInput = z.object({
  committee_code: z.string().min(1),
  vote_code: z.string().min(1),
});
export type TVoteChannelAccessInput = z.infer<typeof ZVoteChannelAccessInput>;

/**
 * voting.vote.live: the broadcast-ready live state of one vote (tally and results as each audience may
 * see them), asked for by the realtime service when responses arrive, at most a few times a second.
 */
/** voting.vote.live: one vote of the caller's tenant (ctx.tenantId, as for every other call). */
export const ZVoteLiveInput = z.object({ vote_id: ZId });
export type TVoteLiveInput = z.infer<typeof ZVoteLiveInput>;

// ---- the voting service's own schemas follow ----
import { dateTimeInput } from './dates.js';
import { ZResultVisibility, ZVoteKind, ZVoteType } from './enums.js';
import { ZCommitteeScope, ZEmailVoteCode, ZMeetingCommittee } from './meetings.js';
import { numberInput } from './numbers.js';
import { ZBroadcast } from './realtime.js';

const ZIso = z.string().datetime({ offset: true });

/** The path parts naming a meeting (`/meeting/{committeeCode}/{meetingCode}`) or an email vote (`/vote/...`). */
const ZScopeShape = {
  committeeCode: z.string().min(1),
  meetingCode: z.string().min(1).optional(),
  voteCode: z.string().min(1).optional(),
};
function scoped<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...ZScopeShape, ...shape }).refine(
    (v) => {
      const scope = v as { meetingCode?: string; voteCode?: string };
      return (scope.meetingCode === undefined) !== (scope.voteCode === undefined);
    },
    { message: 'Give either a meeting code or a vote code.', path: ['meetingCode'] },
  );
}
/** Meeting or email-vote scope only (retrieve/motions, motions-resort). */
export const ZScopeInput = scoped({});
export type TScopeInput = z.infer<typeof ZScopeInput>;

/** A demographic filter entry; null means 'No Value'. */
const ZFilterEntry = z.string().max(200).nullable();

/** The motion form payload (spec section 5, "Motion form"), validated on the server by validateMotionForm. */
export const ZMotionFormShape = {
  name: z.string().max(5000),
  body: z.string().max(100_000).nullish(),
  description: z.string().max(100_000).nullish(),
  /** Custom responses on; when omitted, on exactly when motion_responses has a non-empty entry. */
  custom_responses_enabled: z.boolean().optional(),
  /** Custom response slots 1..9 (abstain, slot 0, is fixed). */
  motion_responses: z.array(z.string().max(500).nullable()).max(9).nullish(),
  /** A blank form field is none (the rules then reset it to 1), as null is. */
  maximum_responses: z
    .preprocess((v) => (v === '' ? null : v), numberInput(z.number().int()).nullable())
    .optional(),
  vote_type: ZVoteType.default('simple_majority'),
  result_visibility: ZResultVisibility.nullish(),
  motion_filter: z.array(ZFilterEntry).max(100).nullish(),
};
export const ZMotionCreateInput = scoped(ZMotionFormShape);
export type TMotionCreateInput = z.infer<typeof ZMotionCreateInput>;
export const ZMotionUpdateInput = scoped({ id: z.string().min(1), ...ZMotionFormShape });
export type TMotionUpdateInput = z.infer<typeof ZMotionUpdateInput>;
export const ZMotionRefInput = scoped({ id: z.string().min(1) });
export type TMotionRefInput = z.infer<typeof ZMotionRefInput>;
export const ZMotionHideInput = scoped({ id: z.string().min(1), result_visibility: ZResultVisibility });
export type TMotionHideInput = z.infer<typeof ZMotionHideInput>;
export const ZMotionsResortInput = scoped({
  motions: z
    .array(z.string().min(1))
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'The new order names a motion more than once.'),
});
export type TMotionsResortInput = z.infer<typeof ZMotionsResortInput>;

/** PUT .../motion/{id}/vote and .../unanimous: what is voted on, and whether it replaces a result. */
export const ZVoteStartInput = scoped({
  id: z.string().min(1),
  type: ZVoteKind.default('motion'),
  revote: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
      error: 'The revote field must be true or false.',
    })
    .default(false),
  /** Vote length in seconds; the service default (VOTE_DURATION_SECONDS, 60) when omitted. */
  duration: numberInput(z.number().int().min(5).max(86_400)).optional(),
});
export type TVoteStartInput = z.infer<typeof ZVoteStartInput>;
/** PUT .../motion/{id}/vote/{voteId}: adds `time` seconds (default 10). */
export const ZVoteAddTimeInput = scoped({
  id: z.string().min(1),
  voteId: z.string().min(1),
  time: numberInput(z.number().int().min(1).max(3600)).default(10),
});
export type TVoteAddTimeInput = z.infer<typeof ZVoteAddTimeInput>;
export const ZVoteRefInput = scoped({ id: z.string().min(1), voteId: z.string().min(1) });
export type TVoteRefInput = z.infer<typeof ZVoteRefInput>;

/** POST .../motion/{id}/vote/{voteId}/response. member_id is honoured only for a meeting runner. */
export const ZCastInput = scoped({
  id: z.string().min(1),
  voteId: z.string().min(1),
  vote: z.string().min(1).max(500),
  member_id: z.string().min(1).nullish(),
  idempotency_key: z.string().min(1).max(200).nullish(),
});
export type TCastInput = z.infer<typeof ZCastInput>;

export const ZTally = z.object({ response: z.string(), count: z.number().int() });

export const ZMotion = z.object({
  id: ZId,
  meeting_id: ZId.nullable(),
  email_vote_id: ZId.nullable(),
  amendment_parent_id: ZId.nullable(),
  name: z.string(),
  body: z.string().nullable(),
  description: z.string().nullable(),
  result_visibility: ZResultVisibility,
  motion_responses: z.array(z.string()).nullable(),
  motion_filter: z.array(z.string().nullable()).nullable(),
  maximum_responses: z.number().int(),
  vote_type: ZVoteType,
  amendment_approved: z.boolean().nullable(),
  motion_approved: z.boolean().nullable(),
  amendment_vote_id: ZId.nullable(),
  motion_vote_id: ZId.nullable(),
  sort: z.number().int(),
  created_at: ZIso,
});
export type TMotion = z.infer<typeof ZMotion>;

/**
 * A vote as one viewer may see it (spec section 3 Vote, section 4 results and visibility). Fields the
 * viewer may not see are null: outcome (breakdown) unless `breakdown_visible`; result, passed, valid,
 * validity_message and respondents_count unless `summary_visible`. While a vote is active, non-runners
 * see its progress (respondents_count, expected_count) but never the breakdown.
 */
export const ZVoteView = z.object({
  id: ZId,
  motion_id: ZId,
  meeting_id: ZId.nullable(),
  email_vote_id: ZId.nullable(),
  type: ZVoteKind,
  vote_type: ZVoteType,
  responses: z.array(z.string()),
  maximum_responses: z.number().int(),
  started_at: ZIso,
  ended_at: ZIso,
  is_active: z.boolean(),
  is_finalized: z.boolean(),
  quorum: z.number().int(),
  finalized_quorum: z.number().int().nullable(),
  /** Eligible voting members times maximum responses (section 9). */
  expected_count: z.number().int(),
  respondents_count: z.number().int().nullable(),
  outcome: z.array(ZTally).nullable(),
  result: z.union([z.string(), z.array(z.string())]).nullable(),
  passed: z.boolean().nullable(),
  valid: z.boolean().nullable(),
  validity_message: z.string().nullable(),
  summary_visible: z.boolean(),
  breakdown_visible: z.boolean(),
});
export type TVoteView = z.infer<typeof ZVoteView>;

export const ZVoteResponseRow = z.object({
  id: ZId,
  vote_id: ZId,
  member_id: ZId,
  response: z.string(),
});
export type TVoteResponseRow = z.infer<typeof ZVoteResponseRow>;

/** GET {base}/retrieve/motions: responses are the caller's own. */
export const ZMotionsReply = z.object({
  motions: z.array(ZMotion),
  votes: z.array(ZVoteView),
  responses: z.array(ZVoteResponseRow),
});
export type TMotionsReply = z.infer<typeof ZMotionsReply>;

export const ZMotionReply = z.object({ motion: ZMotion, message: z.string() });
export const ZVoteReply = z.object({ motion: ZMotion, vote: ZVoteView.nullable(), message: z.string() });
export type TVoteReply = z.infer<typeof ZVoteReply>;
export const ZMessageReply = z.object({ ok: z.literal(true), message: z.string() });
export type TMessageReply = z.infer<typeof ZMessageReply>;

/** Answer of a cast: the recorded response and the member's responses in this vote so far. */
export const ZCastReply = z.object({
  response: ZVoteResponseRow,
  responses: z.array(ZVoteResponseRow),
  message: z.string(),
});
export type TCastReply = z.infer<typeof ZCastReply>;

/** An email vote (spec section 3 Vote, as the container of an email vote's motions). */
export const ZEmailVote = z.object({
  id: ZId,
  committee_id: ZId,
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  start: ZIso,
  end: ZIso,
  phase: z.enum(['planned', 'in_progress', 'ended']),
  can_modify: z.boolean(),
  voting_members_count: z.number().int(),
  voting_members_not_started_count: z.number().int(),
  voting_members_incomplete_count: z.number().int(),
  voting_members_complete_count: z.number().int(),
  /** When the vote was last changed: an edit sends it back (ZEmailVoteUpdateInput). */
  updated_at: ZIso,
});
export type TEmailVote = z.infer<typeof ZEmailVote>;
/**
 * GET {vote base}/retrieve/vote: the email vote with its committee as the email-vote page shows it (the same
 * shape as retrieve/meeting's committee), from the voting service's own committee read model, so that a
 * member who may not read the committee's admin answer still sees its name, quorum and demographic settings.
 */
export const ZRetrieveEmailVoteReply = ZEmailVote.extend({ committee: ZMeetingCommittee });
export type TRetrieveEmailVoteReply = z.infer<typeof ZRetrieveEmailVoteReply>;
export const ZEmailVoteRefInput = z.object({ committeeCode: z.string().min(1), voteCode: z.string().min(1) });
export type TEmailVoteRefInput = z.infer<typeof ZEmailVoteRefInput>;
const ZEmailVoteFields = {
  name: oneLineText()
    .min(1, 'The name field is required.')
    .min(2, 'The name must be at least 2 characters.')
    .max(500, 'The name may not be greater than 500 characters.'),
  description: z.string().max(100_000).nullish(),
  start: dateTimeInput('start'),
  end: dateTimeInput('end'),
};
/**
 * The email-vote rules the voting service checks, each with the field it is shown under, worded after the
 * edit form's labels (Name, Opens, Closes, Description): the form checks and shows the same words.
 */
export const EMAIL_VOTE_RULE_ERRORS = {
  endAfterStart: { field: 'end', message: 'Closes must be after Opens.' },
  /** A vote created already over could never be edited nor deleted (both refuse an ended vote). */
  newEndInPast: { field: 'end', message: 'Closes must be in the future for a new vote.' },
  /**
   * An edit of a vote that has not opened yet: closing it before it ever opened would leave a vote nobody
   * could answer, and, ended, it could then be neither edited nor deleted.
   */
  plannedEndInPast: { field: 'end', message: 'Closes must be in the future for a vote that has not opened.' },
  /** Once responses are in only Closes may change: the form shows these as the locked fields' hints. */
  nameHasResponses: {
    field: 'name',
    message: 'This vote already has responses: its name can no longer be changed.',
  },
  startHasResponses: {
    field: 'start',
    message: 'This vote already has responses: Opens can no longer be moved.',
  },
  descriptionHasResponses: {
    field: 'description',
    message: 'This vote already has responses: its description can no longer be changed.',
  },
} as const satisfies Record<string, { field: keyof typeof ZEmailVoteFields; message: string }>;

const endAfterStart = {
  message: EMAIL_VOTE_RULE_ERRORS.endAfterStart.message,
  path: [EMAIL_VOTE_RULE_ERRORS.endAfterStart.field],
};
export const ZEmailVoteCreateInput = z
  .object({ ...ZCommitteeScope.shape, code: ZEmailVoteCode, ...ZEmailVoteFields })
  .refine((v) => Date.parse(v.end) > Date.parse(v.start), endAfterStart);
export type TEmailVoteCreateInput = z.infer<typeof ZEmailVoteCreateInput>;
/**
 * PUT {admin base}: the vote's name, description and window. `updated_at`: the vote's as the editor loaded
 * it; when the vote has changed since, nothing is saved and the answer is a conflict (409,
 * EMAIL_VOTE_CHANGED_MEANWHILE). Without it the save is not checked.
 */
export const ZEmailVoteUpdateInput = z
  .object({
    committeeCode: z.string().min(1),
    voteCode: z.string().min(1),
    ...ZEmailVoteFields,
    updated_at: ZIso.optional(),
  })
  .refine((v) => Date.parse(v.end) > Date.parse(v.start), endAfterStart);
export type TEmailVoteUpdateInput = z.infer<typeof ZEmailVoteUpdateInput>;
/** An edit refused because someone else saved the vote after the editor loaded it (409). */
export const EMAIL_VOTE_CHANGED_MEANWHILE =
  'This vote was changed by someone else while you were editing it. Reload to see the changes.';
/** voting.email-votes.list: a committee's email votes (GET /api/admin/committee/{committeeCode}/votes). */
export const ZCommitteeEmailVotesRef = ZCommitteeScope;
export type TCommitteeEmailVotesRef = z.infer<typeof ZCommitteeEmailVotesRef>;
/** The committee's email votes, newest window first. */
export const ZEmailVoteListReply = z.array(ZEmailVote);
export type TEmailVoteListReply = z.infer<typeof ZEmailVoteListReply>;

/** voting.vote.live answer: a ZBroadcast ready to publish (kind 'vote.updated', payload {vote}). */
export const ZVoteLivePayload = z.object({ vote: ZVoteView });
export const ZVoteLiveReply = ZBroadcast.extend({
  kind: z.literal('vote.updated'),
  payload: ZVoteLivePayload,
  runner_payload: ZVoteLivePayload,
});
export type TVoteLiveReply = z.infer<typeof ZVoteLiveReply>;

/** A member's voting status as the voting service words it (the meetings service shows 'partial_vote' as 'partial'). */
export const ZVotingMemberStatus = z.enum(['no_vote', 'partial_vote', 'voted']);
export type TVotingMemberStatus = z.infer<typeof ZVotingMemberStatus>;

/** voting.member.status: per-member voting status of a meeting's (or email vote's) current vote, for runners. */
export const ZMemberStatusInput = z.object({ vote_id: ZId });
export const ZMemberStatusReply = z.object({
  vote_id: ZId,
  maximum_responses: z.number().int(),
  members: z.array(
    z.object({
      membership_id: ZId,
      user_id: ZId,
      eligible: z.boolean(),
      responses_cast: z.number().int(),
      status: ZVotingMemberStatus,
    }),
  ),
});
export type TMemberStatusReply = z.infer<typeof ZMemberStatusReply>;

/**
 * voting.email-vote.member-status (input ZEmailVoteRefInput), for runners: each voting member of the email
 * vote's committee across the motions open to them: no_vote = answered none, partial_vote = some, voted =
 * all; null = none is open to them (no motions yet, or each filtered to other demographics). Asked by the
 * meetings service for the email-vote page's Committee Members panel.
 */
export const ZEmailVoteMemberStatusReply = z.object({
  email_vote_id: ZId,
  members: z.array(z.object({ membership_id: ZId, user_id: ZId, status: ZVotingMemberStatus.nullable() })),
});
export type TEmailVoteMemberStatusReply = z.infer<typeof ZEmailVoteMemberStatusReply>;

/**
 * evt.voting.vote.started|updated|closed|ended: every change of a vote's window; evt.voting.vote.deleted: the
 * vote as it last stood, deleted with its motion (meetings reads these).
 */
export const ZVoteEvent = z.object({
  tenantId: ZId,
  vote: z.object({
    id: ZId,
    meeting_id: ZId.nullable(),
    email_vote_id: ZId.nullable(),
    motion_id: ZId,
    type: ZVoteKind,
    started_at: ZIso,
    ended_at: ZIso,
    is_finalized: z.boolean(),
    discarded: z.boolean(),
    /** Responses a member may give (1 for amendment votes). */
    maximum_responses: z.number().int().min(1),
  }),
});
export type TVoteEvent = z.infer<typeof ZVoteEvent>;

/** evt.voting.motion.created|updated|deleted */
export const ZMotionEvent = z.object({
  tenantId: ZId,
  motion: z.object({
    id: ZId,
    committee_id: ZId,
    meeting_id: ZId.nullable(),
    email_vote_id: ZId.nullable(),
    amendment_parent_id: ZId.nullable(),
    name: z.string(),
  }),
});
export type TMotionEvent = z.infer<typeof ZMotionEvent>;

/** evt.voting.motion.sorted */
export const ZMotionsSortedEvent = z.object({
  tenantId: ZId,
  meeting_id: ZId.nullable(),
  email_vote_id: ZId.nullable(),
  ids: z.array(ZId),
});
export type TMotionsSortedEvent = z.infer<typeof ZMotionsSortedEvent>;

/**
 * evt.voting.email-vote.created|updated|deleted (deleted: the email vote went with its motions, votes and
 * responses; no separate motion or vote events are sent for them).
 */
export const ZEmailVoteEvent = z.object({
  tenantId: ZId,
  email_vote: z.object({
    id: ZId,
    committee_id: ZId,
    code: z.string(),
    name: z.string(),
    start: ZIso,
    end: ZIso,
  }),
});
export type TEmailVoteEvent = z.infer<typeof ZEmailVoteEvent>;

// ---- realtime payloads (kinds of ZBroadcast on a meeting's or an email vote's channel) ----
/** 'motion.updated': the motion as it is now (created or changed). */
export const ZMotionPayload = z.object({ motion: ZMotion });
/** 'motion.deleted': the motion, and with `ids` every motion deleted with it (its amendments). */
export const ZMotionDeletedPayload = z.object({ id: z.string(), ids: z.array(z.string()).optional() });
/** 'motion.sorted': the motions' ids in their new order. */
export const ZMotionSortedPayload = z.object({ ids: z.array(z.string()) });
/** 'vote.updated': the vote as the channel's audience may see it. */
export const ZVotePayload = z.object({ vote: ZVoteView });
/** 'vote.state' of an email vote: its window, which moves its page between planned, open and ended. */
export const ZVoteStatePayload = z.object({ email_vote: z.object({ start: z.string(), end: z.string() }) });
