import type { TVoteView } from '@gavel/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  endedVote,
  iso,
  makeAttendance,
  makeMotion,
  makeVote,
  principal,
  RUNNER,
  renderPanel,
  reply,
} from '@/features/voting/test-fixtures';
import { describedText } from '@/test/described';

const card = (name = /Adopt the budget/) => screen.getByRole('article', { name });
const statusOf = (c: HTMLElement) => c.querySelector('[data-status]')?.getAttribute('data-status');

/** An ended vote as the voting service sends it to a non-runner when the motion hides all results. */
function hiddenVote(overrides: Partial<TVoteView> = {}): TVoteView {
  return makeVote({
    started_at: iso(-120),
    ended_at: iso(-60),
    is_active: false,
    is_finalized: true,
    respondents_count: null,
    outcome: null,
    result: null,
    passed: null,
    valid: null,
    validity_message: null,
    summary_visible: false,
    breakdown_visible: false,
    ...overrides,
  });
}

const amendment = (overrides = {}) =>
  makeMotion({ id: 'am-1', amendment_parent_id: 'mo-1', name: 'Strike line 4', body: null, ...overrides });

describe('Motion card: results hidden from the viewer (hide all)', { timeout: 20_000 }, () => {
  it('does not call an amendment whose vote result is hidden defeated, nor grey it out', () => {
    renderPanel({
      data: reply({
        motions: [makeMotion(), amendment({ amendment_vote_id: 'v-a', result_visibility: 'hide_all' })],
        votes: [hiddenVote({ id: 'v-a', motion_id: 'am-1', type: 'amendment' })],
      }),
    });
    const c = card(/Strike line 4/);
    expect(statusOf(c)).toBe('voting closed');
    expect(within(c).queryByText('Amendment defeated')).toBeNull();
    expect(c.getAttribute('data-inactive')).toBeNull();
    expect(c.className).not.toContain('border-dashed');
  });

  it('uses an explicit approval flag when the motion carries one', () => {
    renderPanel({
      data: reply({
        motions: [makeMotion(), amendment({ amendment_approved: false, result_visibility: 'hide_all' })],
      }),
    });
    const c = card(/Strike line 4/);
    expect(statusOf(c)).toBe('voting closed');
    expect(within(c).getByText('Amendment defeated')).toBeTruthy();
    expect(c.getAttribute('data-inactive')).toBe('true');
  });
});

describe('Motion card: a root motion decided on its amendment', { timeout: 20_000 }, () => {
  const approvedAmendmentVote = endedVote(
    [
      { response: 'in_favor', count: 3 },
      { response: 'opposed', count: 0 },
    ],
    { id: 'v-m', motion_id: 'am-1', type: 'motion' },
  );

  it.each(['in_progress', 'ended'] as const)(
    'shows the amendment row’s outcome on the root (%s)',
    (phase) => {
      renderPanel({
        phase,
        principal: principal(RUNNER, 'u-staff'),
        data: reply({
          motions: [makeMotion(), amendment({ amendment_approved: true, motion_vote_id: 'v-m' })],
          votes: [approvedAmendmentVote],
        }),
      });
      const root = card();
      expect(statusOf(root)).toBe('passed');
      expect(
        within(root).getAllByText("Decided as amended: see the amendment 'Strike line 4'."),
      ).toHaveLength(1);
      // The root offers no second vote, nor the note that the vote is still to be held on the amendment.
      expect(within(root).queryByRole('button', { name: /Begin Vote|Amend$/ })).toBeNull();
      expect(within(root).queryByText(/the vote is held on its approved amendment/)).toBeNull();
    },
  );

  it('follows unanimous consent on the amendment row', () => {
    renderPanel({
      phase: 'ended',
      data: reply({
        motions: [makeMotion(), amendment({ amendment_approved: true, motion_approved: false })],
      }),
    });
    expect(statusOf(card())).toBe('failed');
  });

  it('says "voting closed" on the root when the amendment row hides its results', () => {
    renderPanel({
      data: reply({
        motions: [
          makeMotion(),
          amendment({ amendment_vote_id: 'v-a', motion_vote_id: 'v-m', result_visibility: 'hide_all' }),
        ],
        votes: [
          hiddenVote({ id: 'v-a', motion_id: 'am-1', type: 'amendment' }),
          hiddenVote({ id: 'v-m', motion_id: 'am-1', type: 'motion', ended_at: iso(-10) }),
        ],
      }),
    });
    expect(statusOf(card())).toBe('voting closed');
  });

  it('stays pending while the vote on the approved amendment is still to come', () => {
    renderPanel({
      principal: principal(RUNNER, 'u-staff'),
      data: reply({ motions: [makeMotion(), amendment({ amendment_approved: true })] }),
    });
    const root = card();
    expect(statusOf(root)).toBe('pending');
    expect(within(root).queryByText(/Decided as amended/)).toBeNull();
    expect(within(root).getByText(/the vote is held on its approved amendment/)).toBeTruthy();
  });
});

describe('Motion card: the email-vote page', { timeout: 20_000 }, () => {
  const voteScope = { kind: 'vote', committeeCode: 'FIN', voteCode: 'EV1' } as const;
  const emailMotion = makeMotion({ meeting_id: null, email_vote_id: 'ev-1', motion_vote_id: 'v-1' });
  const windowVote = makeVote({ meeting_id: null, email_vote_id: 'ev-1', ended_at: iso(3600) });

  it('offers New Motion and Edit on an open vote until a response is recorded, then neither', () => {
    const props = {
      scope: voteScope,
      phase: 'in_progress',
      principal: principal(RUNNER, 'u-staff'),
      data: reply({ motions: [emailMotion], votes: [windowVote] }),
    } as const;
    const { rerender } = renderPanel(props, '/vote/FIN/EV1');
    expect(screen.getByRole('button', { name: 'New Motion' })).toBeTruthy();
    expect(within(card()).getByRole('link', { name: 'Edit Adopt the budget' })).toBeTruthy();
    rerender({ ...props, canModify: false });
    expect(screen.queryByRole('button', { name: 'New Motion' })).toBeNull();
    expect(within(card()).queryByRole('link', { name: /Edit/ })).toBeNull();
    expect(within(card()).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('offers both before the vote opens', () => {
    renderPanel(
      {
        scope: voteScope,
        phase: 'planned',
        principal: principal(RUNNER, 'u-staff'),
        data: reply({ motions: [{ ...emailMotion, motion_vote_id: null }] }),
      },
      '/vote/FIN/EV1',
    );
    expect(screen.getByRole('button', { name: 'New Motion' })).toBeTruthy();
    expect(within(card()).getByRole('link', { name: 'Edit Adopt the budget' })).toBeTruthy();
  });
});

describe('Motion card: Begin Vote before attendance has loaded', { timeout: 20_000 }, () => {
  it('keeps Begin Vote disabled without attendance reasons until attendance arrives', () => {
    const { rerender } = renderPanel({ principal: principal(RUNNER), attendance: undefined });
    const begin = within(card()).getByRole('button', { name: 'Begin Vote' }) as HTMLButtonElement;
    expect(begin.disabled).toBe(true);
    expect(within(card()).queryByText(/Quorum not met/)).toBeNull();
    expect(within(card()).queryByText('Chair/Vice Chair Not Present')).toBeNull();
    expect(within(card()).queryByText(/No eligible voting member/)).toBeNull();
    // Described by its motion only: no reasons yet.
    expect(describedText(begin)).toBe('Adopt the budget');

    rerender({ principal: principal(RUNNER), attendance: makeAttendance() });
    expect((within(card()).getByRole('button', { name: 'Begin Vote' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
