/**
 * Every URL path of the app's committees, meetings, email votes and users, built here and only here
 * (spec "Shared page behaviour" and section 2). Each code or id is encoded once, with
 * encodeURIComponent. A base is both a page path and, under /api (added by the API client), the path
 * of that thing's calls; the features add their own suffixes (`/retrieve/meeting`, `/motion/{id}`, ...).
 */
import { meetingPagePath } from '@gavel/contracts';
import { API_BASE } from '@/lib/api-client';

const enc = encodeURIComponent;

/** `/admin/committee/{code}`: the committee's admin page (without a year) and its admin calls. */
export function committeeAdminBase(code: string): string {
  return `/admin/committee/${enc(code)}`;
}

/** {meeting base} `/meeting/{committeeCode}/{meetingCode}`: the meeting page and its calls. */
export function meetingBase(committeeCode: string, meetingCode: string): string {
  return meetingPagePath(committeeCode, meetingCode);
}

/** A meeting's {admin base} `/admin/committee/{committeeCode}/meeting/{meetingCode}`. */
export function meetingAdminBase(committeeCode: string, meetingCode: string): string {
  return `${committeeAdminBase(committeeCode)}/meeting/${enc(meetingCode)}`;
}

/** {vote base} `/vote/{committeeCode}/{voteCode}`: the email-vote page and its calls. */
export function voteBase(committeeCode: string, voteCode: string): string {
  return `/vote/${enc(committeeCode)}/${enc(voteCode)}`;
}

/** An email vote's {admin base} `/admin/committee/{committeeCode}/vote/{voteCode}`. */
export function voteAdminBase(committeeCode: string, voteCode: string): string {
  return `${committeeAdminBase(committeeCode)}/vote/${enc(voteCode)}`;
}

/** `/admin/users/{id}`: a user's admin calls. */
export function userAdminBase(id: string): string {
  return `/admin/users/${enc(id)}`;
}

/**
 * A committee as pages name it. Codes repeat across years (copies), so a year-based committee is named by
 * its year as well (`?year=`); a term-based one by its code alone.
 */
export interface CommitteeRef {
  code: string;
  year: number | null;
}

function withYear(path: string, committee: CommitteeRef): string {
  return committee.year === null ? path : `${path}?year=${committee.year}`;
}

/** Page paths the app links to that are not a base above. */
export const paths = {
  /** A committee's admin page. */
  committeeAdmin: (committee: CommitteeRef): string =>
    withYear(committeeAdminBase(committee.code), committee),
  committeeCreate: (year: number) => `/admin/committee/create?year=${year}`,
  committeesCopy: '/admin/committees/copy',
  adminHome: (year?: number) => (year === undefined ? '/admin' : `/admin?year=${year}`),
  appointments: (year: number) => `/admin/appointments/${year}`,
  appointmentsEmail: (year: number) => `/admin/appointments/${year}/email`,
  userEdit: (id: string) => `${userAdminBase(id)}/edit`,
  /** The RSVP Now link: the meeting page asking for the member's RSVP. */
  meetingRsvp: (committeeCode: string, meetingCode: string) =>
    `${meetingBase(committeeCode, meetingCode)}/rsvp`,
  /**
   * The calendar link, {meeting base}/calendar: not a page but the API's .ics download (GET
   * /api/meeting/{committeeCode}/{meetingCode}/calendar), so the link carries the /api prefix itself.
   */
  meetingCalendar: (committeeCode: string, meetingCode: string) =>
    `${API_BASE}${meetingBase(committeeCode, meetingCode)}/calendar`,
  meetingCreate: (committee: CommitteeRef) =>
    withYear(`${committeeAdminBase(committee.code)}/meeting/create`, committee),
  meetingEdit: (committeeCode: string, meetingCode: string) =>
    `${meetingAdminBase(committeeCode, meetingCode)}/edit`,
  voteCreate: (committee: CommitteeRef) =>
    withYear(`${committeeAdminBase(committee.code)}/vote/create`, committee),
  voteEdit: (committeeCode: string, voteCode: string) => `${voteAdminBase(committeeCode, voteCode)}/edit`,
};
