import { describe, expect, it } from 'vitest';
import {
  EMAIL_VOTE_RULE_ERRORS,
  ZEmailVote,
  ZEmailVoteCreateInput,
  ZEmailVoteUpdateInput,
} from './voting.js';

const WINDOW = { start: '2031-11-24T09:00:00Z', end: '2031-11-23T09:00:00Z' };

describe('email-vote contracts', () => {
  it('refuses a Closes not after Opens in the shared words, under Closes, on create and edit', () => {
    const { field, message } = EMAIL_VOTE_RULE_ERRORS.endAfterStart;
    for (const result of [
      ZEmailVoteCreateInput.safeParse({ committeeCode: 'FIN', code: 'EV1', name: 'Ballot', ...WINDOW }),
      ZEmailVoteUpdateInput.safeParse({ committeeCode: 'FIN', voteCode: 'EV1', name: 'Ballot', ...WINDOW }),
      ZEmailVoteUpdateInput.safeParse({
        committeeCode: 'FIN',
        voteCode: 'EV1',
        name: 'Ballot',
        start: WINDOW.start,
        end: WINDOW.start,
      }),
    ]) {
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
    }
  });

  it('words the rules after the form’s labels, each under one of the form’s fields', () => {
    expect(EMAIL_VOTE_RULE_ERRORS.endAfterStart.message).toBe('Closes must be after Opens.');
    expect(EMAIL_VOTE_RULE_ERRORS.startHasResponses.message).toMatch(/Opens can no longer be moved/);
    for (const { field } of Object.values(EMAIL_VOTE_RULE_ERRORS)) {
      expect(['name', 'start', 'end', 'description']).toContain(field);
    }
  });

  it('takes the updated_at an editor loaded, when sent; every email vote answered carries one', () => {
    const edit = {
      committeeCode: 'FIN',
      voteCode: 'EV1',
      name: 'Ballot',
      start: WINDOW.end,
      end: WINDOW.start,
    };
    const loaded = '2026-11-01T12:00:00.000Z';
    expect(ZEmailVoteUpdateInput.parse({ ...edit, updated_at: loaded }).updated_at).toBe(loaded);
    expect(ZEmailVoteUpdateInput.parse(edit).updated_at).toBeUndefined();
    expect(ZEmailVoteUpdateInput.safeParse({ ...edit, updated_at: 'yesterday' }).success).toBe(false);
    expect(ZEmailVote.shape.updated_at.safeParse(undefined).success).toBe(false);
  });
});
