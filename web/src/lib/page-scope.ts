/** The page of a meeting or of an email vote, by the codes of its URL: where motions, votes and a live channel belong. */
export type PageScope =
  | { kind: 'meeting'; committeeCode: string; meetingCode: string }
  | { kind: 'vote'; committeeCode: string; voteCode: string };
