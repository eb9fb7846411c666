/** Enumerations of both spec documents, as zod enums so they validate at every boundary. */
import { z } from 'zod';

// admin and account area
export const ZAppointmentStatus = z.enum(['Accepted', 'Tentative', 'Declined']);
export const ZAppointmentDecision = z.enum(['Accept', 'Reset', 'Decline']);
export const ZPolicyStatus = z.enum(['Accepted', 'Not Accepted']);
export const ZPolicyDecision = z.enum(['Accept', 'Reset']);
export const ZEmailButton = z.enum(['home', 'rsvp', 'meeting', 'join', 'vote', 'none']);
export const ZRecipientFilter = z.enum([
  'all_committee_members',
  'all_voting_members',
  'all_non_voting_members',
  'rsvp_all',
  'rsvp_attending',
  'rsvp_attending_in_person',
  'rsvp_attending_remote',
  'rsvp_not_attending',
  'rsvp_none',
  'members_requiring_appointment',
  'voting_members_not_started',
  'voting_members_incomplete',
  'voting_members_complete',
]);
export const ZResourceType = z.enum(['file', 'url']);
export const ZSchedulerType = z.enum(['remote', 'in_person', 'both']);
export const SCHEDULER_DURATION_PRESETS = [30, 60, 120] as const;
export const ZAttendeeType = z.enum(['committee member', 'user']);

// meeting and voting area
export const ZVoteResponse = z.enum(['in_favor', 'opposed', 'abstained']);
export const ZPassRule = z.enum(['two_thirds', 'majority', 'simple_majority']);
export const ZVoteType = z.enum(['simple_majority', 'two_thirds', 'multiple']);
export const ZMeetingMode = z.enum(['in_person', 'remote']);
export const ZPhase = z.enum(['planned', 'in_progress', 'ended']);
export const ZMeetingStatus = ZPhase;
export const ZConnectionState = z.enum(['connected', 'closed', 'failed']);
export const ZResultVisibility = z.enum(['show_all', 'hide_breakdown', 'hide_all']);
export const ZVoteKind = z.enum(['motion', 'amendment']);

export type TAppointmentStatus = z.infer<typeof ZAppointmentStatus>;
export type TAppointmentDecision = z.infer<typeof ZAppointmentDecision>;
export type TPolicyStatus = z.infer<typeof ZPolicyStatus>;
export type TPolicyDecision = z.infer<typeof ZPolicyDecision>;
export type TEmailButton = z.infer<typeof ZEmailButton>;
export type TRecipientFilter = z.infer<typeof ZRecipientFilter>;
export type TResourceType = z.infer<typeof ZResourceType>;
export type TSchedulerType = z.infer<typeof ZSchedulerType>;
export type TAttendeeType = z.infer<typeof ZAttendeeType>;
export type TVoteResponse = z.infer<typeof ZVoteResponse>;
export type TPassRule = z.infer<typeof ZPassRule>;
export type TVoteType = z.infer<typeof ZVoteType>;
export type TMeetingMode = z.infer<typeof ZMeetingMode>;
export type TPhase = z.infer<typeof ZPhase>;
export type TConnectionState = z.infer<typeof ZConnectionState>;
export type TResultVisibility = z.infer<typeof ZResultVisibility>;
export type TVoteKind = z.infer<typeof ZVoteKind>;
