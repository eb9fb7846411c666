import { describe, expect, it } from 'vitest';
import { ZCommitteeCreateInput, ZMemberCreateInput } from './committees.js';
import { ZUserUpdateInput } from './identity.js';
import { ZMeetingCreateInput } from './meetings.js';
import { oneLine, oneLineText } from './text.js';
import { ZEmailVoteCreateInput } from './voting.js';

describe('oneLineText', () => {
  it('turns each run of line breaks, tabs and other control characters into one space, then trims', () => {
    expect(oneLine('Budget\r\n\tReview\u20282027\u0085x')).toBe('Budget Review 2027 x');
    expect(oneLineText().parse(' \nFinance\r\nCommittee\t ')).toBe('Finance Committee');
    expect(oneLineText().min(1).safeParse('\r\n\t').success).toBe(false);
    expect(oneLine('Café — “Board” 🎉')).toBe('Café — “Board” 🎉');
  });

  it('keeps the names, positions and places of every form to one line', () => {
    const pasted = 'Line one\r\nLine two';
    const committee = ZCommitteeCreateInput.parse({
      name: pasted,
      code: 'FIN',
      chair_position: `Chair\n`,
      voting_rights: [
        { position: 'Chair\r', is_voting: true },
        { position: 'Vice\tChair', is_voting: true },
      ],
      has_demographic: true,
      demographic_name: 'Re\ngion',
      demographics: ['North\r\n'],
    });
    expect(committee).toMatchObject({
      name: 'Line one Line two',
      chair_position: 'Chair',
      voting_rights: [{ position: 'Chair' }, { position: 'Vice Chair' }],
      demographic_name: 'Re gion',
      demographics: ['North'],
    });
    expect(ZMemberCreateInput.parse({ code: 'FIN', user_id: 'u', position: pasted }).position).toBe(
      'Line one Line two',
    );
    expect(
      ZUserUpdateInput.parse({
        id: 'u',
        first_name: 'A\nB',
        last_name: 'C',
        nickname: 'D\tE',
        email: 'a@example.org',
        roles: [],
      }),
    ).toMatchObject({ first_name: 'A B', nickname: 'D E' });
    const start = '2026-12-01T09:00:00Z';
    const end = '2026-12-01T10:00:00Z';
    expect(
      ZMeetingCreateInput.parse({
        committeeCode: 'FIN',
        code: 'M1',
        name: pasted,
        start,
        end,
        location_name: 'Room\n1',
      }),
    ).toMatchObject({ name: 'Line one Line two', location_name: 'Room 1' });
    expect(
      ZEmailVoteCreateInput.parse({ committeeCode: 'FIN', code: 'EV1', name: pasted, start, end }).name,
    ).toBe('Line one Line two');
  });
});
