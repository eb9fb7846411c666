import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { VoteHeader } from '@/features/email-votes/components/vote-header';
import { makeMeetingCommittee } from '@/features/voting/test-fixtures';
import { makeEmailVote } from '@/test/fixtures';

function renderHeader(canModify: boolean, canCreateEmailVote = true) {
  render(
    <MemoryRouter>
      <VoteHeader
        vote={makeEmailVote({ can_modify: canModify })}
        committee={makeMeetingCommittee({ name: 'Finance Committee', code: 'FIN', year: 2026 })}
        canCreateEmailVote={canCreateEmailVote}
        now={Date.now()}
      />
    </MemoryRouter>,
  );
}

describe('VoteHeader Edit Vote', () => {
  it("offers 'Edit Vote' to a user with 'create email vote' when the vote can be modified", () => {
    renderHeader(true);
    const nav = screen.getByRole('navigation', { name: 'Vote administration' });
    expect(within(nav).getByRole('link', { name: 'Edit Vote' }).getAttribute('href')).toBe(
      '/admin/committee/FIN/vote/EV1/edit',
    );
    expect(within(nav).getByRole('link', { name: 'Committee Admin' })).toBeTruthy();
  });

  it("hides 'Edit Vote' from a user with 'create email vote' when the vote cannot be modified", () => {
    renderHeader(false);
    const nav = screen.getByRole('navigation', { name: 'Vote administration' });
    expect(within(nav).queryByRole('link', { name: 'Edit Vote' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Committee Admin' }).getAttribute('href')).toBe(
      '/admin/committee/FIN?year=2026',
    );
  });

  it("shows neither link without 'create email vote', even when the vote can be modified", () => {
    renderHeader(true, false);
    expect(screen.getByRole('heading', { name: 'Budget Approval' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit Vote' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Committee Admin' })).toBeNull();
  });
});
