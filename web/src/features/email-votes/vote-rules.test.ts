import { describe, expect, it } from 'vitest';
import { countdownParts, emailVoteBanner, emailVoteDateText } from '@/features/email-votes/vote-rules';

const local = (d: number, h: number, m = 0) => new Date(2026, 10, d, h, m);
const vote = { start: local(24, 14).toISOString(), end: local(26, 17).toISOString() };

describe('email vote texts', () => {
  it("'Vote Opens at {time}' on the opening day, 'Vote Opens on {weekday, date at time}' before", () => {
    expect(emailVoteBanner(vote, local(24, 8).getTime())).toBe('Vote Opens at 2:00 PM');
    expect(emailVoteBanner(vote, local(20, 8).getTime())).toBe(
      'Vote Opens on Tuesday, November 24, 2026 at 2:00 PM',
    );
  });
  it("'Vote Active' while open and 'Vote Concluded' after", () => {
    expect(emailVoteBanner(vote, local(25, 8).getTime())).toBe('Vote Active');
    expect(emailVoteBanner(vote, local(26, 17).getTime())).toBe('Vote Concluded');
  });
  it("'Vote scheduled for:' until it ends, then 'Vote took place', with the range", () => {
    expect(emailVoteDateText(vote, local(25, 8).getTime())).toEqual({
      label: 'Vote scheduled for:',
      text: 'November 24, 2026 at 2:00 PM - November 26, 2026 at 5:00 PM',
    });
    expect(emailVoteDateText(vote, local(27, 8).getTime()).label).toBe('Vote took place');
  });
  it('splits the countdown into days, hours, minutes and seconds', () => {
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(countdownParts(-1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
