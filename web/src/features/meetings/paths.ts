const enc = encodeURIComponent;

/** Page paths of the meeting area (spec section 2: meeting base, admin base). */
export const meetingPaths = {
  meeting: (committeeCode: string, meetingCode: string) =>
    `/meeting/${enc(committeeCode)}/${enc(meetingCode)}`,
  rsvp: (committeeCode: string, meetingCode: string) =>
    `/meeting/${enc(committeeCode)}/${enc(meetingCode)}/rsvp`,
  create: (committeeCode: string) => `/admin/committee/${enc(committeeCode)}/meeting/create`,
  edit: (committeeCode: string, meetingCode: string) =>
    `/admin/committee/${enc(committeeCode)}/meeting/${enc(meetingCode)}/edit`,
  vote: (committeeCode: string, voteCode: string) => `/vote/${enc(committeeCode)}/${enc(voteCode)}`,
  voteCreate: (committeeCode: string) => `/admin/committee/${enc(committeeCode)}/vote/create`,
  voteEdit: (committeeCode: string, voteCode: string) =>
    `/admin/committee/${enc(committeeCode)}/vote/${enc(voteCode)}/edit`,
};
