import { z } from 'zod';
import { ZAppointmentDecision, ZAppointmentStatus, ZMeetingStatus } from './enums.js';
import { missingOrWrongType } from './errors.js';
import { ZUser } from './identity.js';
import { numberInput } from './numbers.js';
import { oneLineText } from './text.js';

const ZId = z.string().min(1);

/** Committee codes: letters, digits and dashes, at most 10 characters (spec sections 5 and 9). */
export const COMMITTEE_CODE_MAX_LENGTH = 10;
/**
 * Codes a committee may not take, compared without case: the web's `/admin/committee/create` (the Add
 * Committee page) outranks `/admin/committee/:code`, so a committee coded 'create' could never be opened.
 */
export const RESERVED_COMMITTEE_CODES: readonly string[] = ['create'];
export const ZCommitteeCode = z
  .string()
  .trim()
  .min(1, 'The code field is required.')
  .max(COMMITTEE_CODE_MAX_LENGTH, `The code may not be greater than ${COMMITTEE_CODE_MAX_LENGTH} characters.`)
  .regex(/^[A-Za-z0-9-]+$/, 'The code may only contain letters, numbers and dashes.')
  .refine((code) => !RESERVED_COMMITTEE_CODES.includes(code.toLowerCase()), 'This code is reserved.');

const ZCommitteeName = oneLineText()
  .min(1, 'The name field is required.')
  .max(255, 'The name may not be greater than 255 characters.');

/**
 * A year from a body, a path ('/api/admin/2026/committees') or a query string: decimal text becomes a
 * number ('0x7EA' does not). Not z.coerce, which turns a missing year into NaN and so cannot say it is
 * missing. The range checks come first and stop the rest, so 1e23 is only 'too big', not also 'not a
 * whole number'.
 */
export const ZYearNumber = numberInput(
  z
    .number()
    .min(1900, { message: 'The year must be at least 1900.', abort: true })
    .max(9999, { message: 'The year may not be greater than 9999.', abort: true })
    .int('The year must be a whole number.'),
);

/** Quorum bound: far above any committee, and inside Postgres' INTEGER (a larger one was a 500). */
export const QUORUM_MAX = 100_000;
export const ZQuorum = z
  .number({ error: missingOrWrongType('quorum', 'a whole number') })
  .min(0, { message: 'The quorum may not be negative.', abort: true })
  .max(QUORUM_MAX, { message: `The quorum may not be greater than ${QUORUM_MAX}.`, abort: true })
  .int('The quorum must be a whole number.');

// ---- years ----
export const ZYear = z.object({ year: z.number().int(), is_current: z.boolean() });
export type TYear = z.infer<typeof ZYear>;
export const ZYearListReply = z.array(ZYear);
export const ZSetYearInput = z.object({ year: ZYearNumber });
export type TSetYearInput = z.infer<typeof ZSetYearInput>;

// ---- committees ----
export const ZVotingRight = z.object({ position: oneLineText().min(1).max(255), is_voting: z.boolean() });
export type TVotingRight = z.infer<typeof ZVotingRight>;

/** A committee as the spec's entity lists it (section 3), limited to what the committees service owns. */
export const ZCommittee = z.object({
  id: ZId,
  name: z.string(),
  code: z.string(),
  guid: z.string(),
  /** null: term-based. */
  year: z.number().int().nullable(),
  quorum: z.number().int().nullable(),
  two_thirds_vote: z.boolean(),
  chair_position: z.string().nullable(),
  vchair_position: z.string().nullable(),
  /** Positions in their display order. */
  positions: z.array(z.string()),
  voting_rights: z.array(ZVotingRight),
  has_demographic: z.boolean(),
  demographic_name: z.string().nullable(),
  demographic_is_displayed: z.boolean(),
  demographic_motion_filterable: z.boolean(),
  demographic_display_prepend: z.boolean(),
  /** The allowed demographic values. */
  demographics: z.array(z.string()),
  members_count: z.number().int(),
  voting_members_count: z.number().int(),
  non_voting_members_count: z.number().int(),
});
export type TCommittee = z.infer<typeof ZCommittee>;
export const ZCommitteeListReply = z.array(ZCommittee);

export const ZYearParams = z.object({ year: ZYearNumber });

/** Far above any committee's real lists, and low enough that a save stays one quick transaction. */
export const MAX_POSITIONS = 100;
export const MAX_DEMOGRAPHICS = 100;

const ZCommitteeFields = z.object({
  name: ZCommitteeName,
  code: ZCommitteeCode,
  /** Absent or null: term-based. */
  year: ZYearNumber.nullable().optional(),
  quorum: ZQuorum.nullable().optional(),
  two_thirds_vote: z.boolean().default(false),
  chair_position: oneLineText().max(255).nullable().optional(),
  vchair_position: oneLineText().max(255).nullable().optional(),
  voting_rights: z
    .array(ZVotingRight)
    .max(MAX_POSITIONS, `A committee may have at most ${MAX_POSITIONS} positions.`)
    .default([]),
  has_demographic: z.boolean().default(false),
  demographic_name: oneLineText().max(255).nullable().optional(),
  demographic_is_displayed: z.boolean().default(false),
  demographic_motion_filterable: z.boolean().default(false),
  demographic_display_prepend: z.boolean().default(false),
  demographics: z
    .array(oneLineText().min(1).max(255))
    .max(MAX_DEMOGRAPHICS, `A demographic may have at most ${MAX_DEMOGRAPHICS} values.`)
    .default([]),
});

/** Positions and demographic values are told apart without regard to case: 'North' and 'north' are one. */
function caseKey(value: string): string {
  return value.trim().toLocaleLowerCase();
}

function duplicateDemographic(value: string, first: string): string {
  return value === first
    ? `The value '${value}' is already in the list.`
    : `The value '${value}' is already in the list as '${first}' (values may not differ only in case).`;
}

/**
 * Rules that span fields: positions and demographic values unique ignoring case, chair positions among
 * the positions.
 */
function checkCommitteeFields(value: z.infer<typeof ZCommitteeFields>, ctx: z.RefinementCtx): void {
  const positions = value.voting_rights.map((r) => r.position);
  // A blank position is only told it is required, not also that it repeats.
  const named = positions.filter((p) => p !== '').map(caseKey);
  if (new Set(named).size !== named.length) {
    ctx.addIssue({ code: 'custom', path: ['voting_rights'], message: 'Each position may appear only once.' });
  }
  for (const field of ['chair_position', 'vchair_position'] as const) {
    const position = value[field];
    if (position && !positions.includes(position)) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: 'The selected position is not one of the committee positions.',
      });
    }
  }
  const seen = new Map<string, string>();
  value.demographics.forEach((demographic, index) => {
    const first = seen.get(caseKey(demographic));
    if (first === undefined) {
      seen.set(caseKey(demographic), demographic);
      return;
    }
    // On the repeating row, so that the form shows it under that value.
    ctx.addIssue({
      code: 'custom',
      path: ['demographics', index],
      message: duplicateDemographic(demographic, first),
    });
  });
  if (value.has_demographic && !value.demographic_name) {
    ctx.addIssue({
      code: 'custom',
      path: ['demographic_name'],
      message: 'The demographic name field is required when the committee has a demographic.',
    });
  }
}

export const ZCommitteeCreateInput = ZCommitteeFields.superRefine(checkCommitteeFields);
export type TCommitteeCreateInput = z.infer<typeof ZCommitteeCreateInput>;

/** A position renamed in a settings save: its members move from the old name to the new one. */
export const ZPositionRename = z.object({
  from: oneLineText().min(1).max(255),
  to: oneLineText().min(1).max(255),
});
export type TPositionRename = z.infer<typeof ZPositionRename>;

/**
 * PUT /api/admin/committee/{code}: `code` in the path names the committee, `new_code` renames it.
 * Positions are saved by name, so a rename cannot be told from a removal plus an addition:
 * `position_renames` says which old position became which new one, so its members follow it.
 */
export const ZCommitteeUpdateInput = ZCommitteeFields.omit({ code: true, year: true })
  .extend({
    code: z.string().min(1),
    year: ZYearNumber.optional(),
    new_code: ZCommitteeCode.optional(),
    position_renames: z
      .array(ZPositionRename)
      .max(MAX_POSITIONS, `A committee may have at most ${MAX_POSITIONS} positions.`)
      .default([]),
  })
  .superRefine((value, ctx) => {
    checkCommitteeFields({ ...value, code: value.new_code ?? value.code }, ctx);
    checkPositionRenames(value, ctx);
  });
export type TCommitteeUpdateInput = z.infer<typeof ZCommitteeUpdateInput>;

function checkPositionRenames(
  value: { position_renames: TPositionRename[]; voting_rights: { position: string }[] },
  ctx: z.RefinementCtx,
): void {
  const from = value.position_renames.map((r) => r.from);
  if (new Set(from).size !== from.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['position_renames'],
      message: 'Each position may be renamed only once.',
    });
  }
  const positions = new Set(value.voting_rights.map((r) => r.position));
  value.position_renames.forEach((rename, index) => {
    if (!positions.has(rename.to)) {
      ctx.addIssue({
        code: 'custom',
        path: ['position_renames', index, 'to'],
        message: `The position '${rename.to}' a rename names is not one of the committee positions.`,
      });
    }
  });
}

/** Committee addressed by code; without a year: the current year, else the most recent. */
export const ZCommitteeRef = z.object({ code: z.string().min(1), year: ZYearNumber.optional() });
export type TCommitteeRef = z.infer<typeof ZCommitteeRef>;

// ---- memberships (appointments) ----
/** The display copy of a user that committees keep (from identity's user events). */
export const ZMemberUser = ZUser.pick({
  id: true,
  nrds: true,
  first_name: true,
  last_name: true,
  displayed_first_name: true,
  nickname: true,
  email: true,
  name: true,
  profile_display_url: true,
});
export type TMemberUser = z.infer<typeof ZMemberUser>;

export const ZMembership = z.object({
  id: ZId,
  committee_id: ZId,
  user: ZMemberUser,
  position: z.string(),
  demographic: z.string().nullable(),
  appointment_status: ZAppointmentStatus,
  /** Follows the committee's voting rights for the position. */
  is_voting: z.boolean(),
});
export type TMembership = z.infer<typeof ZMembership>;
export const ZMembershipListReply = z.array(ZMembership);

export const ZMemberCreateInput = ZCommitteeRef.extend({
  user_id: z.string({ error: missingOrWrongType('user', 'a string') }).min(1, 'The user field is required.'),
  position: oneLineText()
    .min(1, 'The position field is required.')
    .max(255, 'The position may not be greater than 255 characters.'),
  demographic: oneLineText().max(255).nullable().optional(),
  appointment_status: ZAppointmentStatus.default('Tentative'),
});
export type TMemberCreateInput = z.infer<typeof ZMemberCreateInput>;

export const ZMemberUpdateInput = ZCommitteeRef.extend({
  id: ZId,
  position: oneLineText().min(1, 'The position field is required.').max(255).optional(),
  demographic: oneLineText().max(255).nullable().optional(),
  appointment_status: ZAppointmentStatus.optional(),
});
export type TMemberUpdateInput = z.infer<typeof ZMemberUpdateInput>;

export const ZMemberRef = ZCommitteeRef.extend({ id: ZId });
export type TMemberRef = z.infer<typeof ZMemberRef>;

// ---- appointments dashboard and decisions ----
/** One appointment row of the dashboard: the spec's Appointment entity (section 3). */
export const ZAppointment = z.object({
  id: ZId,
  position: z.string(),
  appointment_status: ZAppointmentStatus,
  committee: z.object({ name: z.string(), code: z.string() }),
});
export type TAppointment = z.infer<typeof ZAppointment>;

/** The dashboard groups appointments per user. */
export const ZAppointmentGroup = z.object({
  user: ZMemberUser.omit({ profile_display_url: true }),
  profile_display_url: z.string().nullable(),
  appointments: z.array(ZAppointment),
});
export type TAppointmentGroup = z.infer<typeof ZAppointmentGroup>;
export const ZAppointmentDashboardReply = z.array(ZAppointmentGroup);

export const ZAppointmentDecisionInput = z.object({
  id: ZId,
  decision: z.enum(ZAppointmentDecision.options, {
    message: 'The decision must be Accept, Reset or Decline.',
  }),
});
export type TAppointmentDecisionInput = z.infer<typeof ZAppointmentDecisionInput>;

/** Status an admin decision leads to (spec section 4). */
export const DECISION_STATUS = {
  Accept: 'Accepted',
  Reset: 'Tentative',
  Decline: 'Declined',
} as const satisfies Record<z.infer<typeof ZAppointmentDecision>, z.infer<typeof ZAppointmentStatus>>;

/** A member answers their own tentative appointment. */
export const ZOwnAppointmentDecisionInput = z.object({
  id: ZId,
  decision: z.enum(['Accept', 'Decline'], { message: 'The decision must be Accept or Decline.' }),
});
export type TOwnAppointmentDecisionInput = z.infer<typeof ZOwnAppointmentDecisionInput>;

/** GET /api/me/committees: the signed-in user's appointments in the current year. */
export const ZMyAppointment = ZAppointment.extend({
  demographic: z.string().nullable(),
  is_voting: z.boolean(),
});
export type TMyAppointment = z.infer<typeof ZMyAppointment>;
export const ZMyCommitteesReply = z.array(ZMyAppointment);

// ---- copy to a new year or term ----
export const ZCommitteeCopyInput = z
  .object({
    guid: z
      .string({ error: missingOrWrongType('committee', 'a string') })
      .min(1, 'The committee field is required.'),
    code: ZCommitteeCode,
    name: ZCommitteeName,
    term_based: z.boolean().default(false),
    copy_resources: z.boolean().default(false),
    /** Target year; required unless term-based. */
    year: ZYearNumber.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.term_based && value.year == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['year'],
        message: 'The year field is required for a year-based committee.',
      });
    }
  });
export type TCommitteeCopyInput = z.infer<typeof ZCommitteeCopyInput>;

/**
 * Defaults of the copy form (spec section 4): year-based → code = last two digits of the year and
 * name = `${year} ${name}`; term-based → empty code and the committee's name. The form stops
 * auto-filling a field once the user edits it.
 */
export function copyFormDefaults(input: { year: number; name: string; termBased: boolean }): {
  code: string;
  name: string;
} {
  if (input.termBased) return { code: '', name: input.name };
  return { code: String(input.year).slice(-2), name: `${input.year} ${input.name}` };
}

// ---- events ----
export const ZCommitteeEventBody = z.object({
  id: ZId,
  code: z.string(),
  name: z.string(),
  year: z.number().int().nullable(),
  quorum: z.number().int().nullable(),
  two_thirds_vote: z.boolean(),
  chair_position: z.string().nullable(),
  vchair_position: z.string().nullable(),
  voting_rights: z.array(ZVotingRight),
  has_demographic: z.boolean(),
  demographic_name: z.string().nullable(),
  demographic_is_displayed: z.boolean(),
  demographic_motion_filterable: z.boolean(),
  demographic_display_prepend: z.boolean(),
  demographics: z.array(z.string()),
});
/** evt.committees.committee.created|updated|deleted */
export const ZCommitteeEvent = z.object({ tenantId: ZId, committee: ZCommitteeEventBody });
export type TCommitteeEvent = z.infer<typeof ZCommitteeEvent>;

/** evt.committees.membership.created|updated|deleted */
export const ZMembershipEvent = z.object({
  tenantId: ZId,
  membership: z.object({
    id: ZId,
    committee_id: ZId,
    user_id: ZId,
    position: z.string(),
    is_voting: z.boolean(),
    demographic: z.string().nullable(),
    appointment_status: ZAppointmentStatus,
  }),
  /**
   * The committee's settings that decide a member's standing in a vote, as they were at this change
   * (consumers also keep them from the committee events). Absent from events written before they were added.
   */
  committee: z
    .object({
      quorum: z.number().int().nullable(),
      chair_position: z.string().nullable(),
      vchair_position: z.string().nullable(),
    })
    .optional(),
});
export type TMembershipEvent = z.infer<typeof ZMembershipEvent>;

/**
 * evt.committees.current-year.set: the tenant's current year changed (POST /api/admin/set-year, or the first
 * year recorded, which becomes current). Meetings and voting keep it to resolve a committee code without a
 * year as this service does (committeeForCode). `set_at` (the database's clock when it was set, to the
 * microsecond) orders them: a consumer keeps the latest and ignores an older one that arrives late.
 */
export const ZCurrentYearEvent = z.object({
  tenantId: ZId,
  year: z.number().int(),
  set_at: z.iso.datetime({ offset: true }),
});
export type TCurrentYearEvent = z.infer<typeof ZCurrentYearEvent>;

/** evt.committees.resources.copy-requested: the resources service copies a committee's resources. */
export const ZResourcesCopyRequestedEvent = z.object({
  tenantId: ZId,
  from_committee_id: ZId,
  to_committee_id: ZId,
});
export type TResourcesCopyRequestedEvent = z.infer<typeof ZResourcesCopyRequestedEvent>;

/** What the committees service reads of the meetings service's `evt.meetings.meeting.*` events. */
export const ZMeetingStatusEvent = z.object({
  tenantId: ZId,
  meeting: z.object({ id: ZId, committee_id: ZId, code: z.string(), status: ZMeetingStatus }),
});
export type TMeetingStatusEvent = z.infer<typeof ZMeetingStatusEvent>;
