import type { TRetrieveEmailVoteReply } from '@gavel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMeetingCommittee, makeMotion, reply } from '@/features/voting/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { makeEmailVote, makeMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const ADMIN = '/api/admin/committee/FIN/vote/EV1';
const MOTIONS = 'GET /api/vote/FIN/EV1/retrieve/motions';
const MOTION_ADMIN = ['create email vote', 'create motions', 'update motions', 'delete motions'];
const DAY_MS = 86_400_000;

function emailVote(overrides: Partial<TRetrieveEmailVoteReply> = {}): TRetrieveEmailVoteReply {
  return {
    ...makeEmailVote({
      start: new Date(Date.now() + DAY_MS).toISOString(),
      end: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      phase: 'planned',
    }),
    committee: makeMeetingCommittee(),
    ...overrides,
  };
}

const voteMotion = (overrides: Parameters<typeof makeMotion>[0] = {}) =>
  makeMotion({ meeting_id: null, email_vote_id: 'ev-1', ...overrides });

function renderEditPage(permissions: string[], vote: TRetrieveEmailVoteReply = emailVote()) {
  const fetchMock = mockFetch({
    'GET /api/me': { body: makeMe({ roles: [], permissions }) },
    'GET /api/vote/FIN/EV1/retrieve/vote': { body: vote },
    [MOTIONS]: { body: reply({ motions: [voteMotion()] }) },
  });
  const app = renderApp('/admin/committee/FIN/vote/EV1/edit');
  return { ...app, fetchMock };
}

async function motionsSection() {
  return screen.findByRole('region', { name: 'Motions' });
}

describe('EmailVoteEditPage: motions', { timeout: 20_000 }, () => {
  it("lists the vote's motions and adds one with the motion form", async () => {
    const { user, fetchMock } = renderEditPage(MOTION_ADMIN);
    const section = await motionsSection();
    expect(await within(section).findByText('Adopt')).toBeTruthy();
    fetchMock.on(`POST ${ADMIN}/motion`, {
      body: { motion: voteMotion({ id: 'mo-2', name: 'Second motion' }), message: 'Motion Added' },
    });
    await user.click(within(section).getByRole('button', { name: 'New Motion' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Motion' });
    const name = (await within(dialog).findByRole('textbox', { name: 'Name' })) as HTMLElement & {
      editor?: { commands: { setContent: (html: string) => void } };
    };
    act(() => name.editor?.commands.setContent('<p>Second motion</p>'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Motion Added')).toBeTruthy();
    expect(fetchMock.requestsTo(`POST ${ADMIN}/motion`)[0]?.body).toMatchObject({ name: 'Second motion' });
  });

  it('edits a motion in the same form, without leaving the page', async () => {
    const { user, fetchMock, router } = renderEditPage(MOTION_ADMIN);
    const section = await motionsSection();
    fetchMock.on(`PUT ${ADMIN}/motion/mo-1`, { body: { motion: voteMotion(), message: 'Motion Saved' } });
    await user.click(await within(section).findByRole('button', { name: 'Edit Adopt the budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Motion' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Motion Saved')).toBeTruthy();
    expect(fetchMock.requestsTo(`PUT ${ADMIN}/motion/mo-1`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/admin/committee/FIN/vote/EV1/edit');
  });

  it('deletes a motion after the confirmation', async () => {
    const { user, fetchMock } = renderEditPage(MOTION_ADMIN);
    const section = await motionsSection();
    fetchMock.on(`DELETE ${ADMIN}/motion/mo-1`, { body: { ok: true, message: 'Motion deleted' } });
    await user.click(await within(section).findByRole('button', { name: 'Delete Adopt the budget' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Motion Delete' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirmed' }));
    expect(await screen.findByText('Motion deleted')).toBeTruthy();
    await waitFor(() => expect(fetchMock.requestsTo(`DELETE ${ADMIN}/motion/mo-1`)).toHaveLength(1));
  });

  it('offers no changes once the vote can no longer be modified, or without the motion permissions', async () => {
    const locked = renderEditPage(MOTION_ADMIN, emailVote({ can_modify: false }));
    let section = await motionsSection();
    expect(await within(section).findByText('Adopt')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
    locked.unmount();
    renderEditPage(['create email vote']);
    section = await motionsSection();
    expect(await within(section).findByText('Adopt')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('offers no changes once the vote has ended (as on the vote page)', async () => {
    const ended = makeEmailVote({
      start: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      end: new Date(Date.now() - DAY_MS).toISOString(),
      phase: 'ended',
    });
    renderEditPage(MOTION_ADMIN, emailVote(ended));
    const section = await motionsSection();
    expect(await within(section).findByText('Adopt')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
