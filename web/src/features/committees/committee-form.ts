import {
  type TCommittee,
  type TCommitteeCreateInput,
  type TPositionRename,
  ZCommitteeCreateInput,
  ZQuorum,
} from '@gavel/contracts';
import type { CommitteeUpdateBody } from '@/features/committees/api';

/** One row of the positions editor; `key` keeps React rows stable while names change. */
export interface PositionRow {
  key: string;
  position: string;
  is_voting: boolean;
  /** The committee's name for the position as loaded (absent on a new row): a changed name is a rename. */
  original?: string;
}

export interface DemographicRow {
  key: string;
  value: string;
}

/** What the settings form edits: text inputs stay strings until the body is built. */
export interface CommitteeFormValues {
  name: string;
  code: string;
  termBased: boolean;
  year: string;
  quorum: string;
  two_thirds_vote: boolean;
  positions: PositionRow[];
  /** '' means none. */
  chair_position: string;
  vchair_position: string;
  has_demographic: boolean;
  demographic_name: string;
  demographics: DemographicRow[];
  demographic_is_displayed: boolean;
  demographic_motion_filterable: boolean;
  demographic_display_prepend: boolean;
}

/** Field key → first message; keys follow the contract's paths ('voting_rights.0.position'). */
export type FormErrors = Record<string, string>;

let rowCounter = 0;
/** A key for a new editor row. */
export function newRowKey(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

/** A new committee: year-based in the given year (term-based when there is none). */
export function emptyCommitteeForm(year: number | null): CommitteeFormValues {
  return {
    name: '',
    code: '',
    termBased: year === null,
    year: year === null ? '' : String(year),
    quorum: '',
    two_thirds_vote: false,
    positions: [],
    chair_position: '',
    vchair_position: '',
    has_demographic: false,
    demographic_name: '',
    demographics: [],
    demographic_is_displayed: false,
    demographic_motion_filterable: false,
    demographic_display_prepend: false,
  };
}

/** The form prefilled with a committee's settings. */
export function committeeFormValues(committee: TCommittee): CommitteeFormValues {
  return {
    name: committee.name,
    code: committee.code,
    termBased: committee.year === null,
    year: committee.year === null ? '' : String(committee.year),
    quorum: committee.quorum === null ? '' : String(committee.quorum),
    two_thirds_vote: committee.two_thirds_vote,
    positions: committee.voting_rights.map((right) => ({
      key: newRowKey(),
      position: right.position,
      is_voting: right.is_voting,
      original: right.position,
    })),
    chair_position: committee.chair_position ?? '',
    vchair_position: committee.vchair_position ?? '',
    has_demographic: committee.has_demographic,
    demographic_name: committee.demographic_name ?? '',
    demographics: committee.demographics.map((value) => ({ key: newRowKey(), value })),
    demographic_is_displayed: committee.demographic_is_displayed,
    demographic_motion_filterable: committee.demographic_motion_filterable,
    demographic_display_prepend: committee.demographic_display_prepend,
  };
}

/** Positions that have a name, for the chair and vice-chair selects and the member forms. */
export function namedPositions(values: Pick<CommitteeFormValues, 'positions'>): string[] {
  return values.positions.map((row) => row.position.trim()).filter((position) => position !== '');
}

function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

const WHOLE_NUMBER = /^\d+$/;

/**
 * The create body as the form stands. A blank year of a year-based committee and a quorum that is not
 * a whole number are left for `validateCommitteeForm` to report; the demographic settings are only
 * sent when the committee has a demographic.
 */
export function toCreateBody(values: CommitteeFormValues): TCommitteeCreateInput {
  const quorum = values.quorum.trim();
  const hasDemographic = values.has_demographic;
  return {
    name: values.name.trim(),
    code: values.code.trim(),
    year: values.termBased || values.year.trim() === '' ? null : Number(values.year.trim()),
    quorum: quorum === '' || !WHOLE_NUMBER.test(quorum) ? null : Number(quorum),
    two_thirds_vote: values.two_thirds_vote,
    chair_position: orNull(values.chair_position),
    vchair_position: orNull(values.vchair_position),
    voting_rights: values.positions.map((row) => ({
      position: row.position.trim(),
      is_voting: row.is_voting,
    })),
    has_demographic: hasDemographic,
    demographic_name: hasDemographic ? orNull(values.demographic_name) : null,
    demographic_is_displayed: hasDemographic && values.demographic_is_displayed,
    demographic_motion_filterable: hasDemographic && values.demographic_motion_filterable,
    demographic_display_prepend: hasDemographic && values.demographic_display_prepend,
    demographics: hasDemographic ? values.demographics.map((row) => row.value.trim()) : [],
  };
}

/** The loaded positions whose row now has another name: the service moves their members along. */
export function positionRenames(values: Pick<CommitteeFormValues, 'positions'>): TPositionRename[] {
  return values.positions.flatMap((row) => {
    const to = row.position.trim();
    return row.original === undefined || to === '' || to === row.original ? [] : [{ from: row.original, to }];
  });
}

/**
 * The PUT body: every setting, the committee's year to name it (the year itself cannot change),
 * `new_code` only when the code was changed, and `position_renames` only when a position was renamed.
 */
export function toUpdateBody(values: CommitteeFormValues, committee: TCommittee): CommitteeUpdateBody {
  const { code, year: _year, ...settings } = toCreateBody(values);
  const renames = positionRenames(values);
  return {
    ...settings,
    ...(committee.year === null ? {} : { year: committee.year }),
    ...(code === committee.code ? {} : { new_code: code }),
    ...(renames.length === 0 ? {} : { position_renames: renames }),
  };
}

export const YEAR_REQUIRED = 'The year field is required unless the committee is term based.';
export const QUORUM_WHOLE_NUMBER = 'The quorum must be a whole number.';
export const POSITION_REQUIRED = 'The position name is required.';
export const DEMOGRAPHIC_VALUE_REQUIRED = 'The value is required.';

/** Friendlier words for the contract's generic length messages on list rows. */
function rowMessage(key: string, code: string, message: string): string {
  const row = /^(voting_rights\.\d+\.position|demographics\.\d+)$/.exec(key);
  if (!row) return message;
  const isPosition = key.startsWith('voting_rights');
  if (code === 'too_small') return isPosition ? POSITION_REQUIRED : DEMOGRAPHIC_VALUE_REQUIRED;
  if (code === 'too_big') return 'This may not be greater than 255 characters.';
  return message;
}

/**
 * The contract's rules (ZCommitteeCreateInput) as inline messages, plus the two a form needs before a
 * body exists: a year for a year-based committee and a whole-number quorum. Empty when valid.
 */
export function validateCommitteeForm(values: CommitteeFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.termBased && values.year.trim() === '') errors.year = YEAR_REQUIRED;
  const quorum = values.quorum.trim();
  if (quorum !== '' && !WHOLE_NUMBER.test(quorum)) {
    // The contract's word for it (negative, a fraction, not a number); a whole number's bound is checked
    // with the body below, by the same schema.
    errors.quorum = ZQuorum.safeParse(Number(quorum)).error?.issues[0]?.message ?? QUORUM_WHOLE_NUMBER;
  }
  const parsed = ZCommitteeCreateInput.safeParse(toCreateBody(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.');
      if (!(key in errors)) errors[key] = rowMessage(key, issue.code, issue.message);
    }
  }
  return errors;
}
