import type { HttpRoute } from './http-routes.js';
import { ZMyVotesReply } from './me.js';
import { MEETING_LIST_PERMISSIONS } from './meetings-routes.js';
import type { Permission } from './permissions.js';
import { SUBJECTS } from './subjects.js';
import {
  ZCastInput,
  ZCastReply,
  ZCommitteeEmailVotesRef,
  ZEmailVote,
  ZEmailVoteCreateInput,
  ZEmailVoteListReply,
  ZEmailVoteRefInput,
  ZEmailVoteUpdateInput,
  ZMessageReply,
  ZMotionCreateInput,
  ZMotionHideInput,
  ZMotionRefInput,
  ZMotionReply,
  ZMotionsReply,
  ZMotionsResortInput,
  ZMotionUpdateInput,
  ZRetrieveEmailVoteReply,
  ZScopeInput,
  ZVoteAddTimeInput,
  ZVoteRefInput,
  ZVoteReply,
  ZVoteStartInput,
} from './voting.js';

const S = SUBJECTS.voting;
const MEETING_ADMIN = '/api/admin/committee/{committeeCode}/meeting/{meetingCode}';
const VOTE_ADMIN = '/api/admin/committee/{committeeCode}/vote/{voteCode}';

/**
 * Who may list a committee's email votes: whoever may list its meetings (GET .../meetings) and holders of
 * 'create email vote'. Admins ('admin', 'site admin', 'global admin' roles) pass too.
 */
export const EMAIL_VOTE_LIST_PERMISSIONS = [
  'create email vote',
  ...MEETING_LIST_PERMISSIONS,
] as const satisfies readonly Permission[];

/** Routes shared by a meeting's and an email vote's admin base. */
function motionRoutes(base: string, tag: string, meetingOnly: boolean): HttpRoute[] {
  const route = (
    method: HttpRoute['method'],
    path: string,
    summary: string,
    subject: string,
    input: HttpRoute['input'],
    reply: HttpRoute['reply'],
    permissions?: readonly Permission[],
    permissionMode?: 'any',
  ): HttpRoute => ({
    method,
    path: `${base}${path}`,
    summary,
    tag,
    subject,
    auth: 'user',
    input,
    reply,
    ...(permissions ? { permissions } : {}),
    ...(permissionMode ? { permissionMode } : {}),
  });
  const routes: HttpRoute[] = [
    route('POST', '/motion', 'Create a motion', S.motionCreate, ZMotionCreateInput, ZMotionReply, [
      'create motions',
    ]),
    route(
      'PUT',
      '/motion/{id}',
      'Edit a motion (planned or in progress, no active vote or amendment, no result yet)',
      S.motionUpdate,
      ZMotionUpdateInput,
      ZMotionReply,
      ['run meetings', 'update motions'],
      'any',
    ),
    route(
      'DELETE',
      '/motion/{id}',
      'Delete a motion and its amendments (also needs run meetings or update motions, where editing is allowed)',
      S.motionDelete,
      ZMotionRefInput,
      ZMessageReply,
      ['delete motions'],
    ),
    route(
      'PUT',
      '/motion/{id}/hide',
      'Change the result visibility of a motion (no active vote)',
      S.motionHide,
      ZMotionHideInput,
      ZMotionReply,
      ['run meetings'],
    ),
    route(
      'PUT',
      '/motions-resort',
      'Re-sort the motions (ordered ids)',
      S.motionsResort,
      ZMotionsResortInput,
      ZMessageReply,
      ['create motions'],
    ),
    route(
      'POST',
      '/motion/{id}/vote/{voteId}/response',
      'Cast a response (eligible voting member; member_id only for runners; idempotent)',
      S.responseCast,
      ZCastInput,
      ZCastReply,
    ),
  ];
  if (meetingOnly) {
    routes.push(
      route(
        'POST',
        '/motion/{id}/amendment',
        'Amend a motion',
        S.motionAmend,
        ZMotionUpdateInput,
        ZMotionReply,
        ['create motions'],
      ),
      route(
        'PUT',
        '/motion/{id}/vote',
        'Start a vote (or a revote)',
        S.voteStart,
        ZVoteStartInput,
        ZVoteReply,
        ['run meetings', 'update motions'],
        'any',
      ),
      route(
        'PUT',
        '/motion/{id}/unanimous',
        'Approve by unanimous consent',
        S.voteUnanimous,
        ZVoteStartInput,
        ZVoteReply,
        ['run meetings', 'update motions'],
        'any',
      ),
      route(
        'PUT',
        '/motion/{id}/vote/{voteId}',
        'Add seconds to an active vote (runners and admins)',
        S.voteAddTime,
        ZVoteAddTimeInput,
        ZVoteReply,
        ['run meetings'],
      ),
      route(
        'PUT',
        '/motion/{id}/vote/{voteId}/close',
        'Close a vote, which cannot be reopened (runners and admins)',
        S.voteClose,
        ZVoteRefInput,
        ZVoteReply,
        ['run meetings'],
      ),
    );
  }
  return routes;
}

/** The voting service's JSON API routes (owned by the voting service). */
export const VOTING_ROUTES: readonly HttpRoute[] = [
  ...motionRoutes(MEETING_ADMIN, 'motions', true),
  ...motionRoutes(VOTE_ADMIN, 'email votes', false),
  {
    method: 'GET',
    path: '/api/meeting/{committeeCode}/{meetingCode}/retrieve/motions',
    summary: "A meeting's motions, votes (as the caller may see them) and the caller's own responses",
    tag: 'motions',
    subject: S.motionsRetrieve,
    auth: 'user',
    input: ZScopeInput,
    reply: ZMotionsReply,
  },
  {
    method: 'GET',
    path: '/api/vote/{committeeCode}/{voteCode}/retrieve/motions',
    summary: "An email vote's motions, votes and the caller's own responses",
    tag: 'email votes',
    subject: S.motionsRetrieve,
    auth: 'user',
    input: ZScopeInput,
    reply: ZMotionsReply,
  },
  {
    method: 'GET',
    path: '/api/vote/{committeeCode}/{voteCode}/retrieve/vote',
    summary: 'An email vote: window, phase, can_modify, voting-member progress counts and its committee',
    tag: 'email votes',
    subject: S.emailVoteGet,
    auth: 'user',
    input: ZEmailVoteRefInput,
    reply: ZRetrieveEmailVoteReply,
  },
  {
    method: 'GET',
    path: '/api/admin/committee/{committeeCode}/votes',
    summary: "A committee's email votes, newest window first (admins pass too)",
    tag: 'email votes',
    subject: S.emailVotesList,
    auth: 'user',
    input: ZCommitteeEmailVotesRef,
    reply: ZEmailVoteListReply,
    permissions: EMAIL_VOTE_LIST_PERMISSIONS,
    permissionMode: 'any',
  },
  {
    method: 'POST',
    path: '/api/admin/committee/{committeeCode}/vote',
    summary: 'Create an email vote',
    tag: 'email votes',
    subject: S.emailVoteCreate,
    auth: 'user',
    input: ZEmailVoteCreateInput,
    reply: ZEmailVote,
    permissions: ['create email vote'],
  },
  {
    method: 'PUT',
    path: VOTE_ADMIN,
    summary: "Edit an email vote's name, description and window",
    tag: 'email votes',
    subject: S.emailVoteUpdate,
    auth: 'user',
    input: ZEmailVoteUpdateInput,
    reply: ZEmailVote,
    permissions: ['create email vote'],
  },
  {
    method: 'DELETE',
    path: VOTE_ADMIN,
    summary: 'Delete an email vote with its motions, votes and responses (only while it can be modified)',
    tag: 'email votes',
    subject: S.emailVoteDelete,
    auth: 'user',
    input: ZEmailVoteRefInput,
    reply: ZMessageReply,
    permissions: ['create email vote'],
  },
  {
    method: 'GET',
    path: '/api/me/votes',
    summary:
      "The signed-in user's open email votes (window open now or later) of their committees, with the motions they have left to vote on",
    tag: 'email votes',
    subject: S.myVotes,
    auth: 'user',
    reply: ZMyVotesReply,
  },
];
