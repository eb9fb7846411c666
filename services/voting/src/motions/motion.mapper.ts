import type { TMotion, TMotionEvent, TResultVisibility, TVoteType } from '@gavel/contracts';
import type { MotionRow } from './motion.repository.js';

/** A motion row as the API answers it (an explicit pick: a new column never leaks). */
export function toMotion(row: MotionRow): TMotion {
  return {
    id: row.id,
    meeting_id: row.meetingId,
    email_vote_id: row.emailVoteId,
    amendment_parent_id: row.amendmentParentId,
    name: row.name,
    body: row.body,
    description: row.description,
    result_visibility: row.resultVisibility as TResultVisibility,
    motion_responses: row.motionResponses.length > 0 ? row.motionResponses : null,
    motion_filter: Array.isArray(row.motionFilter) ? (row.motionFilter as (string | null)[]) : null,
    maximum_responses: row.maximumResponses,
    vote_type: row.voteType as TVoteType,
    amendment_approved: row.amendmentApproved,
    motion_approved: row.motionApproved,
    amendment_vote_id: row.amendmentVoteId,
    motion_vote_id: row.motionVoteId,
    sort: row.sort,
    created_at: row.createdAt.toISOString(),
  };
}

export function toMotionEvent(row: MotionRow): TMotionEvent {
  return {
    tenantId: row.tenantId,
    motion: {
      id: row.id,
      committee_id: row.committeeId,
      meeting_id: row.meetingId,
      email_vote_id: row.emailVoteId,
      amendment_parent_id: row.amendmentParentId,
      name: row.name,
    },
  };
}
