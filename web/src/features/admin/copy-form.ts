import { copyFormDefaults, type TCommittee, ZCommitteeCopyInput } from '@gavel/contracts';

/** The longest name the copy takes: a default name past it would fail on a field the user never typed. */
const NAME_MAX_LENGTH = ZCommitteeCopyInput.shape.name.maxLength ?? 255;

/** `text` cut to `max` (UTF-16 units, as the contract counts), not splitting a character, not ending on a space. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return text
    .slice(0, max)
    .replace(/[\uD800-\uDBFF]$/, '')
    .trimEnd();
}

/** The copy form's fields, plus whether the user has typed into code or name. */
export interface CopyFormState {
  guid: string;
  termBased: boolean;
  /** Target year (year-based copies), as typed. */
  year: string;
  code: string;
  name: string;
  copyResources: boolean;
  codeEdited: boolean;
  nameEdited: boolean;
}

export function initialCopyForm(targetYear: number): CopyFormState {
  return {
    guid: '',
    termBased: false,
    year: String(targetYear),
    code: '',
    name: '',
    copyResources: false,
    codeEdited: false,
    nameEdited: false,
  };
}

export type CopyFormAction =
  | { type: 'committee'; committee: TCommittee }
  | { type: 'termBased'; value: boolean; committee: TCommittee | undefined }
  | { type: 'year'; value: string; committee: TCommittee | undefined }
  | { type: 'code'; value: string }
  | { type: 'name'; value: string }
  | { type: 'copyResources'; value: boolean };

/**
 * Fills code and name with the spec's defaults (section 4) for the chosen committee, term switch and
 * year, except a field the user has edited: editing it stops its auto-fill. A long committee's default
 * name ('{year} {name}') is cut to the longest name a committee may have.
 */
function refill(state: CopyFormState, committee: TCommittee | undefined): CopyFormState {
  if (!committee) return state;
  // A year still being typed ('20') keeps the last defaults rather than proposing code '20'.
  if (!state.termBased && !/^\d{4}$/.test(state.year.trim())) return state;
  const defaults = copyFormDefaults({
    year: Number(state.year),
    name: committee.name,
    termBased: state.termBased,
  });
  return {
    ...state,
    code: state.codeEdited ? state.code : defaults.code,
    name: state.nameEdited ? state.name : cut(defaults.name, NAME_MAX_LENGTH),
  };
}

export function copyFormReducer(state: CopyFormState, action: CopyFormAction): CopyFormState {
  switch (action.type) {
    case 'committee':
      // A term-based committee is copied as term-based unless the user switches it.
      return refill(
        { ...state, guid: action.committee.guid, termBased: action.committee.year === null },
        action.committee,
      );
    case 'termBased':
      return refill({ ...state, termBased: action.value }, action.committee);
    case 'year':
      return refill({ ...state, year: action.value }, action.committee);
    case 'code':
      return { ...state, code: action.value, codeEdited: true };
    case 'name':
      return { ...state, name: action.value, nameEdited: true };
    case 'copyResources':
      return { ...state, copyResources: action.value };
  }
}
