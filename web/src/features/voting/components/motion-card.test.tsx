import { DEFAULT_VOTING_SETTINGS } from '@gavel/contracts';
import { AMENDED_NOTE } from '@gavel/voting-rules';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OFFLINE_VOTE_NOTICE, progressText } from '@/features/voting/components/active-vote';
import { BY_UNANIMOUS_CONSENT, motionTitleId } from '@/features/voting/components/motion-card';
import {
  ADMIN,
  endedVote,
  iso,
  makeAttendance,
  makeMember,
  makeMotion,
  makeVote,
  principal,
  RUNNER,
  renderPanel,
  reply,
} from '@/features/voting/test-fixtures';
import { describedText } from '@/test/described';
import { mockFetch } from '@/test/fetch-mock';

const card = (name = /Adopt the budget/) => screen.getByRole('article', { name });
/** The card's own status text (as a screen reader reads it: 'Status: …'). */
const statusOf = (c: HTMLElement) => {
  const badge = c.querySelector('[data-status]');
  expect(badge?.textContent).toBe(`Status: ${badge?.getAttribute('data-status')}`);
  return badge?.getAttribute('data-status');
};

describe('Motions panel', { timeout: 20_000 }, () => {
  it('says there are no motions', () => {
    renderPanel({ data: reply({ motions: [] }) });
    expect(screen.getByRole('heading', { name: 'Motions', level: 2 })).toBeTruthy();
    expect(screen.getByText('No motions to show')).toBeTruthy();
  });

  it('nests amendments under their motion', () => {
    renderPanel({
      data: reply({
        motions: [
          makeMotion(),
          makeMotion({ id: 'am-1', amendment_parent_id: 'mo-1', name: 'Strike line 4', body: null }),
        ],
      }),
    });
    const amendments = within(card()).getByRole('list', { name: 'Amendments to Adopt the budget' });
    expect(within(amendments).getByRole('article', { name: /Strike line 4/ })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});

describe('Motions panel: keyboard reordering', { timeout: 20_000 }, () => {
  it('tells screen readers which motion is moved and where, not its id', async () => {
    const travel = makeMotion({ id: 'mo-2', name: 'Approve the travel policy', sort: 1 });
    const { user } = renderPanel({
      phase: 'planned',
      principal: principal(RUNNER),
      data: reply({ motions: [makeMotion(), travel] }),
    });
    screen.getByRole('button', { name: 'Reorder Adopt the budget' }).focus();
    await user.keyboard(' ');
    const said = () => [...document.querySelectorAll('[aria-live]')].map((e) => e.textContent).join(' ');
    await waitFor(() => expect(said()).toContain('Picked up Adopt the budget at position 1 of 2.'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(said()).toContain('Moving Adopt the budget was cancelled.'));
    expect(said()).not.toContain('mo-1');
  });
});

describe('Motion card: pending', { timeout: 20_000 }, () => {
  it('shows the name and body as HTML, the status, responses and the runner actions', () => {
    renderPanel({ phase: 'planned', principal: principal(RUNNER) });
    const c = card();
    expect(within(c).getByText('Adopt').tagName).toBe('STRONG');
    expect(within(c).getByText('The committee adopts the 2027 budget.').tagName).toBe('P');
    expect(statusOf(c)).toBe('pending');
    const responses = within(c).getByRole('list', { name: 'Available responses' });
    expect(
      within(responses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Approve', 'Not Approve', 'Abstain']);
    // The motion edit link, {adminBase}/motion/{id}.
    expect(within(c).getByRole('link', { name: 'Edit Adopt the budget' }).getAttribute('href')).toBe(
      '/admin/committee/FIN/meeting/M1/motion/mo-1',
    );
    expect(within(c).getByRole('button', { name: 'Delete Adopt the budget' })).toBeTruthy();
    expect(within(c).getByRole('button', { name: 'Amend' })).toBeTruthy();
    expect(within(c).getByRole('button', { name: 'Reorder Adopt the budget' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Motion' })).toBeTruthy();
    // Planned: no vote can be run yet.
    expect(within(c).queryByRole('button', { name: 'Begin Vote' })).toBeNull();
  });

  it('offers no changes to a member without permissions', () => {
    renderPanel({ phase: 'planned' });
    const c = card();
    expect(within(c).queryByRole('button', { name: /Edit|Delete|Amend|Reorder/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New Motion' })).toBeNull();
  });

  it('shows the filter notice with No Value for the null entry', () => {
    renderPanel({ data: reply({ motions: [makeMotion({ motion_filter: ['North', null] })] }) });
    expect(
      within(card()).getByText(
        'Only voting members whose Region is North, or who have no Region, may vote on this motion.',
      ),
    ).toBeTruthy();
  });

  it('deletes after the confirmation', async () => {
    const fetchMock = mockFetch({
      [`DELETE ${ADMIN}/motion/mo-1`]: { body: { ok: true, message: 'Motion deleted' } },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: reply({ motions: [] }) },
    });
    const { user } = renderPanel({ phase: 'planned', principal: principal(RUNNER) });
    await user.click(screen.getByRole('button', { name: 'Delete Adopt the budget' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Confirm Motion Delete')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Please confirm you would like to delete this motion. Once processed, the motion cannot be retrieved!',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmed' }));
    expect(await screen.findByText('Motion deleted')).toBeTruthy();
    expect(fetchMock.requestsTo(`DELETE ${ADMIN}/motion/mo-1`)).toHaveLength(1);
  });

  it('keeps Delete disabled while the delete runs, so a second click sends no second delete', async () => {
    let answer: (reply: { status?: number; body?: unknown }) => void = () => {};
    const fetchMock = mockFetch({
      [`DELETE ${ADMIN}/motion/mo-1`]: () => new Promise((resolve) => (answer = resolve)),
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: reply({ motions: [] }) },
    });
    const { user } = renderPanel({ phase: 'planned', principal: principal(RUNNER) });
    const remove = screen.getByRole('button', { name: 'Delete Adopt the budget' }) as HTMLButtonElement;
    await user.click(remove);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmed' }),
    );
    await waitFor(() => expect(remove.disabled).toBe(true));
    await user.click(remove);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    answer({ body: { ok: true, message: 'Motion deleted' } });
    expect(await screen.findByText('Motion deleted')).toBeTruthy();
    expect(fetchMock.requestsTo(`DELETE ${ADMIN}/motion/mo-1`)).toHaveLength(1);
  });

  it('gives focus back to Delete, enabled again, when a failed delete is acknowledged', async () => {
    mockFetch({
      [`DELETE ${ADMIN}/motion/mo-1`]: { status: 500, body: {} },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: reply() },
    });
    const { user } = renderPanel({ phase: 'planned', principal: principal(RUNNER) });
    const remove = screen.getByRole('button', { name: 'Delete Adopt the budget' }) as HTMLButtonElement;
    await user.click(remove);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmed' }),
    );
    const error = await screen.findByRole('alertdialog', { name: 'Confirm Motion Delete' });
    expect(within(error).getByText('Unknown Save Error... Please try again.')).toBeTruthy();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.activeElement).toBe(remove));
    expect(remove.disabled).toBe(false);
  });

  it('takes a runner through the flow: no second means Failed', async () => {
    const { user } = renderPanel({ principal: principal(RUNNER) });
    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    expect(await screen.findByText('Is there a second?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Failed')).toBeTruthy();
    expect(screen.getByText('A second is required to continue with a vote')).toBeTruthy();
  });

  it('takes a runner through second and discussion to a vote', async () => {
    const started = makeVote();
    const fetchMock = mockFetch({
      [`PUT ${ADMIN}/motion/mo-1/vote`]: {
        body: { motion: makeMotion({ motion_vote_id: 'v-1' }), vote: started, message: 'Vote Started!' },
      },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: reply() },
    });
    const { user } = renderPanel({ principal: principal(RUNNER) });
    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Discussion or amendments?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Amend' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Unanimous Consent' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start Vote' }));
    expect(await screen.findByText('Vote Started!')).toBeTruthy();
    expect(fetchMock.requestsTo(`PUT ${ADMIN}/motion/mo-1/vote`)[0]?.body).toEqual({
      type: 'motion',
      revote: false,
    });
  });

  it('keeps Begin Vote disabled while the vote start is sent, then focus goes back to it after a failure', async () => {
    let answer: (reply: { status?: number; body?: unknown }) => void = () => {};
    mockFetch({
      [`PUT ${ADMIN}/motion/mo-1/vote`]: () => new Promise((resolve) => (answer = resolve)),
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: reply() },
    });
    const { user } = renderPanel({ principal: principal(RUNNER, 'u-staff') });
    const begin = within(card()).getByRole('button', { name: 'Begin Vote' }) as HTMLButtonElement;
    await user.click(begin);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Start Vote' }));
    await waitFor(() => expect(begin.disabled).toBe(true));
    // The browser drops focus from the disabled button (happy-dom does not).
    begin.blur();
    answer({ status: 409, body: { message: 'Not while a vote is active.' } });
    const error = await screen.findByRole('alertdialog', { name: 'Error Starting Vote' });
    expect(within(error).getByText('Not while a vote is active.')).toBeTruthy();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.activeElement).toBe(begin));
    expect(begin.disabled).toBe(false);
  });

  it('offers no unanimous consent for custom responses', async () => {
    const { user } = renderPanel({
      principal: principal(RUNNER),
      data: reply({ motions: [makeMotion({ motion_responses: ['Red', 'Blue', 'Green'] })] }),
    });
    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Start Vote' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unanimous Consent' })).toBeNull();
  });

  it('offers no unanimous consent for the motion vote held on an approved amendment of a custom-response motion', async () => {
    const { user } = renderPanel({
      principal: principal(RUNNER),
      data: reply({
        motions: [
          makeMotion({ motion_responses: ['Hall A', 'Hall B', 'Hall C'] }),
          makeMotion({
            id: 'am-1',
            amendment_parent_id: 'mo-1',
            name: 'Strike line 4',
            amendment_approved: true,
          }),
        ],
      }),
    });
    await user.click(within(card(/Strike line 4/)).getByRole('button', { name: 'Begin Vote' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Start Vote' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unanimous Consent' })).toBeNull();
  });

  it('says why a vote cannot start', () => {
    renderPanel({
      principal: principal(RUNNER),
      attendance: makeAttendance([makeMember({ user_id: 'u-1' })]),
    });
    const c = card();
    expect((within(c).getByRole('button', { name: 'Begin Vote' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(c).getByText('Quorum not met: 1 more voting member needed')).toBeTruthy();
    expect(within(c).getByText('Chair/Vice Chair Not Present')).toBeTruthy();
  });

  it("says 'Another vote is active.' (not 'Voting Active') on another motion's card while a vote runs", () => {
    renderPanel({
      principal: principal(RUNNER),
      data: reply({
        motions: [
          makeMotion(),
          makeMotion({
            id: 'am-1',
            amendment_parent_id: 'mo-1',
            name: 'Strike line 4',
            amendment_vote_id: 'v-1',
          }),
          makeMotion({ id: 'mo-2', name: 'Second motion', sort: 1 }),
        ],
        votes: [makeVote({ motion_id: 'am-1', type: 'amendment' })],
      }),
    });
    const other = screen.getByRole('article', { name: /Second motion/ });
    expect((within(other).getByRole('button', { name: 'Begin Vote' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(other).getByText('Another vote is active.')).toBeTruthy();
    expect(within(other).queryByText('Voting Active')).toBeNull();
  });
});

describe('Motions panel: voting status line', { timeout: 20_000 }, () => {
  /** The panel's status line (the router fixture and the drag-sort live region are status roles too). */
  const statusLine = () => document.querySelector('[data-voting-status]')?.closest('[role="status"]') ?? null;
  const chairAndTwo = makeAttendance();
  const oneIn = makeAttendance([makeMember({ user_id: 'u-1' })]);
  const noneIn = makeAttendance([makeMember({ user_id: 'u-1', checkedIn: false })]);
  const twoNoChair = makeAttendance([makeMember({ user_id: 'u-1' }), makeMember({ user_id: 'u-2' })]);

  it.each([
    ['Meeting not in progress', 'planned', chairAndTwo],
    ['Meeting not in progress', 'ended', chairAndTwo],
    ['Quorum not met: 1 more voting member needed', 'in_progress', oneIn],
    ['Quorum not met: 2 more voting members needed', 'in_progress', noneIn],
    ['Chair/Vice Chair Not Present', 'in_progress', twoNoChair],
    ['Voting Active', 'in_progress', chairAndTwo],
  ] as const)('%s (%s)', (expected, phase, attendance) => {
    renderPanel({ phase, attendance, principal: principal(RUNNER) });
    expect(statusLine()?.textContent).toBe(`Voting status: ${expected}`);
  });

  it('is for runners only, and only once attendance has loaded', () => {
    const { rerender } = renderPanel({ principal: principal() });
    expect(statusLine()).toBeNull();
    rerender({ principal: principal(RUNNER), attendance: undefined });
    expect(statusLine()).toBeNull();
  });
});

/** The server's answers to member ms-u-1 casting 'in_favor' on vote v-1, and the motions list `active`. */
const approveRoutes = (active: ReturnType<typeof reply>) => ({
  [`POST ${ADMIN}/motion/mo-1/vote/v-1/response`]: {
    body: {
      response: { id: 'r-1', vote_id: 'v-1', member_id: 'ms-u-1', response: 'in_favor' },
      responses: [{ id: 'r-1', vote_id: 'v-1', member_id: 'ms-u-1', response: 'in_favor' }],
      message: 'Approve Vote Recorded',
    },
  },
  'GET /api/meeting/FIN/M1/retrieve/motions': { body: active },
});

describe('Motion card: active vote', { timeout: 20_000 }, () => {
  const active = reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [makeVote()] });

  it('lets a checked-in voting member vote after the confirmation', async () => {
    const fetchMock = mockFetch(approveRoutes(active));
    const { user } = renderPanel({ data: active });
    const c = card();
    expect(within(c).getByRole('timer').textContent).toBe('0:30');
    expect(within(c).getByText('Votes received: 1 of 3')).toBeTruthy();
    expect(within(c).queryByRole('button', { name: /Close Vote/ })).toBeNull();
    await user.click(within(c).getByRole('button', { name: "Vote 'Approve' on Adopt the budget" }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText("Confirm 'Approve' Vote")).toBeTruthy();
    expect(fetchMock.requestsTo(`POST ${ADMIN}/motion/mo-1/vote/v-1/response`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmed' }));
    expect(await screen.findByText('Approve Vote Recorded')).toBeTruthy();
    expect(fetchMock.requestsTo(`POST ${ADMIN}/motion/mo-1/vote/v-1/response`)[0]?.body).toMatchObject({
      vote: 'in_favor',
    });
  });

  it('sends no vote when the confirmation is cancelled', async () => {
    const fetchMock = mockFetch(approveRoutes(active));
    const { user } = renderPanel({ data: active });
    await user.click(within(card()).getByRole('button', { name: "Vote 'Approve' on Adopt the budget" }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.requestsTo(`POST ${ADMIN}/motion/mo-1/vote/v-1/response`)).toHaveLength(0);
    expect(within(card()).getByRole('button', { name: "Vote 'Approve' on Adopt the budget" })).toBeTruthy();
  });

  it("speaks the association's wording: its abstain label, abstain hidden, progress off", () => {
    const wording = { ...DEFAULT_VOTING_SETTINGS, abstain_label: 'Present' };
    const first = renderPanel({ data: active }, undefined, wording);
    expect(within(card()).getByRole('button', { name: "Vote 'Present' on Adopt the budget" })).toBeTruthy();
    expect(within(card()).getByText('Votes received: 1 of 3')).toBeTruthy();
    first.unmount();

    renderPanel({ data: active }, undefined, {
      ...DEFAULT_VOTING_SETTINGS,
      hide_abstain: true,
      show_vote_progress: false,
    });
    const buttons = within(card()).getByRole('group', { name: 'Your vote on Adopt the budget' });
    expect(
      within(buttons)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(["Vote 'Approve' on Adopt the budget", "Vote 'Not Approve' on Adopt the budget"]);
    expect(within(card()).queryByText('Votes received: 1 of 3')).toBeNull();
  });

  it('marks the member own vote and blocks a second one', () => {
    renderPanel({
      data: {
        ...active,
        responses: [{ id: 'r-1', vote_id: 'v-1', member_id: 'ms-u-1', response: 'opposed' }],
      },
    });
    const chosen = within(card()).getByRole('button', {
      name: "Vote 'Not Approve' on Adopt the budget (your vote)",
    });
    expect(chosen.getAttribute('aria-pressed')).toBe('true');
    expect((chosen as HTMLButtonElement).disabled).toBe(true);
    expect(within(card()).getByText('You have cast every response this vote allows.')).toBeTruthy();
  });

  /** An active vote electing two of three candidates. */
  function twoOfThree() {
    const motion = makeMotion({
      motion_vote_id: 'v-1',
      motion_responses: ['Red', 'Blue', 'Green'],
      maximum_responses: 2,
      vote_type: 'multiple',
    });
    const vote = makeVote({
      responses: ['Red', 'Blue', 'Green', 'abstained'],
      maximum_responses: 2,
      vote_type: 'multiple',
    });
    return reply({ motions: [motion], votes: [vote] });
  }

  it('tells a member how many responses a multiple-choice vote allows, and how many are left', () => {
    const data = twoOfThree();
    const { rerender } = renderPanel({ data });
    const group = within(card()).getByRole('group', { name: 'Your vote on Adopt the budget' });
    expect(within(card()).getByText('Choose up to 2.')).toBeTruthy();
    expect(group.getAttribute('aria-describedby')).toBe('vote-hint-v-1');

    rerender({
      data: { ...data, responses: [{ id: 'r-1', vote_id: 'v-1', member_id: 'ms-u-1', response: 'Red' }] },
    });
    expect(within(card()).getByText('1 more choice.')).toBeTruthy();
    expect(within(card()).queryByText('Choose up to 2.')).toBeNull();

    rerender({
      data: {
        ...data,
        responses: [
          { id: 'r-1', vote_id: 'v-1', member_id: 'ms-u-1', response: 'Red' },
          { id: 'r-2', vote_id: 'v-1', member_id: 'ms-u-1', response: 'Blue' },
        ],
      },
    });
    expect(within(card()).queryByText(/more choice/)).toBeNull();
    expect(within(card()).getByText('You have cast every response this vote allows.')).toBeTruthy();
  });

  it('gives no choice hint to a member who may not vote now, only the reason', () => {
    renderPanel({
      data: twoOfThree(),
      attendance: makeAttendance([makeMember({ user_id: 'u-1', checkedIn: false })]),
    });
    expect(within(card()).getByText(/Voting is not active while you're not checked in/)).toBeTruthy();
    expect(within(card()).queryByText(/Choose up to|more choice/)).toBeNull();
  });

  it('gives no choice hint on a single-response vote', () => {
    renderPanel({ data: active });
    expect(within(card()).queryByText(/Choose up to|more choice/)).toBeNull();
  });

  it('disables voting for a member who is not checked in, saying why', () => {
    renderPanel({
      data: active,
      attendance: makeAttendance([makeMember({ user_id: 'u-1', checkedIn: false })]),
    });
    const c = card();
    for (const name of ['Approve', 'Not Approve', 'Abstain']) {
      const button = within(c).getByRole('button', { name: `Vote '${name}' on Adopt the budget` });
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
    expect(
      within(c).getByText(
        "Voting is not active while you're not checked in. Please see a staff member to correct.",
      ),
    ).toBeTruthy();
  });

  it('shows no vote buttons to a non-voting viewer', () => {
    renderPanel({ data: active, principal: principal([], 'u-staff') });
    expect(within(card()).queryByRole('group', { name: /Your vote/ })).toBeNull();
  });

  it('gives runners +10 s and Close with its confirmation, and locks result visibility', async () => {
    const fetchMock = mockFetch({
      [`PUT ${ADMIN}/motion/mo-1/vote/v-1`]: {
        body: {
          motion: makeMotion({ motion_vote_id: 'v-1' }),
          vote: makeVote({ ended_at: iso(40) }),
          message: 'x',
        },
      },
      [`PUT ${ADMIN}/motion/mo-1/vote/v-1/close`]: { status: 500, body: {} },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: active },
    });
    const { user } = renderPanel({ data: active, principal: principal(RUNNER, 'u-staff') });
    const c = card();
    for (const name of ['Show Results', 'Hide Breakdown', 'Hide All Results']) {
      expect((within(c).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    await user.click(within(c).getByRole('button', { name: '+10 s: add 10 seconds to the vote' }));
    expect(await screen.findByText('10 Seconds Added To Vote Time')).toBeTruthy();
    expect(fetchMock.requestsTo(`PUT ${ADMIN}/motion/mo-1/vote/v-1`)[0]?.body).toEqual({ time: 10 });

    await user.click(within(c).getByRole('button', { name: 'Close Vote' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure?')).toBeTruthy();
    expect(
      within(confirm).getByText('Once closed, a vote cannot be reopened without a full revote.'),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: "Yes, I'm sure" }));
    const error = await screen.findByRole('alertdialog', { name: 'Error Updating' });
    expect(within(error).getByText('Unknown Update Error... Please try again.')).toBeTruthy();
  });

  it("closes the vote once when Yes, I'm sure is clicked twice as the confirmation animates out", async () => {
    // The dialogs animate out (the app's CSS): a closing dialog stays on screen, and clickable, meanwhile.
    const style = document.createElement('style');
    style.textContent =
      '[role="alertdialog"][data-state="closed"] { animation-name: exit; animation-duration: 150ms; }';
    document.head.append(style);
    try {
      const fetchMock = mockFetch({
        [`PUT ${ADMIN}/motion/mo-1/vote/v-1/close`]: {
          body: { motion: makeMotion({ motion_vote_id: 'v-1' }), vote: makeVote(), message: 'x' },
        },
        'GET /api/meeting/FIN/M1/retrieve/motions': { body: active },
      });
      const { user } = renderPanel({ data: active, principal: principal(RUNNER, 'u-staff') });
      await user.click(within(card()).getByRole('button', { name: 'Close Vote' }));
      const confirm = await screen.findByRole('alertdialog');
      const yes = within(confirm).getByRole('button', { name: "Yes, I'm sure" });
      await user.dblClick(yes);
      expect(await screen.findByText('Vote Closed')).toBeTruthy();
      expect(fetchMock.requestsTo(`PUT ${ADMIN}/motion/mo-1/vote/v-1/close`)).toHaveLength(1);
    } finally {
      style.remove();
    }
  });

  it('shows a sibling of the motion being voted on as inactive', () => {
    renderPanel({
      data: reply({
        motions: [
          makeMotion({ motion_vote_id: 'v-1' }),
          makeMotion({ id: 'mo-2', name: 'Second motion', sort: 1 }),
        ],
        votes: [makeVote()],
      }),
    });
    expect(screen.getByRole('article', { name: /Second motion/ }).getAttribute('data-inactive')).toBe('true');
    expect(card().getAttribute('data-inactive')).toBeNull();
  });
});

describe('Motion card: results', { timeout: 20_000 }, () => {
  const decided = (
    vote = endedVote([
      { response: 'in_favor', count: 2 },
      { response: 'opposed', count: 1 },
      { response: 'abstained', count: 1 },
    ]),
  ) => reply({ motions: [makeMotion({ motion_vote_id: vote.id })], votes: [vote] });

  it('says a motion or amendment passed by unanimous consent was, and not one passed by a vote', () => {
    const amendment = makeMotion({
      id: 'am-1',
      name: 'Raise the reserve',
      amendment_parent_id: 'mo-1',
      amendment_approved: true,
    });
    const consented = makeMotion({ motion_approved: true });
    // Each card's own header (the amendment's card sits inside its motion's).
    const header = (c: HTMLElement) => within(c.querySelector('header') as HTMLElement);
    const { rerender } = renderPanel({ data: reply({ motions: [consented, amendment] }) });
    expect(statusOf(card())).toBe('passed');
    expect(header(card()).getByText(BY_UNANIMOUS_CONSENT)).toBeTruthy();
    expect(header(card(/Raise the reserve/)).getByText(BY_UNANIMOUS_CONSENT)).toBeTruthy();
    rerender({ data: decided() });
    expect(statusOf(card())).toBe('passed');
    expect(header(card()).queryByText(BY_UNANIMOUS_CONSENT)).toBeNull();
  });

  it('shows a valid result with breakdown, floored percentages and a chart', () => {
    renderPanel({ data: decided(), principal: principal(RUNNER, 'u-staff') });
    const c = card();
    expect(statusOf(c)).toBe('passed');
    const table = within(c).getByRole('table', { name: 'Vote Results breakdown' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['Approve266%', 'Not Approve133%', 'Abstain1—']);
    expect(
      within(c).getByRole('img', { name: /Vote Results chart: Approve: 2 \(66%\), Not Approve: 1 \(33%\)/ }),
    ).toBeTruthy();
    expect(within(c).queryByText(/A minimum of/)).toBeNull();
  });

  it('lets runners change the result visibility', async () => {
    mockFetch({
      [`PUT ${ADMIN}/motion/mo-1/hide`]: (request) => ({
        body: {
          motion: makeMotion({
            motion_vote_id: 'v-1',
            result_visibility: (request.body as { result_visibility: 'hide_breakdown' }).result_visibility,
          }),
          message: 'Results Breakdown Hidden',
        },
      }),
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: decided() },
    });
    const { user } = renderPanel({ data: decided(), principal: principal(RUNNER, 'u-staff') });
    const button = within(card()).getByRole('button', { name: 'Hide Breakdown' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await user.click(button);
    expect(await screen.findByText('Results Breakdown Hidden')).toBeTruthy();
  });

  it.each([
    ['Show Results', 'hide_all', 'show_all', 'Results Shown'],
    ['Hide All Results', 'show_all', 'hide_all', 'Results Hidden'],
  ] as const)('%s sends its visibility and says so', async (label, from, to, text) => {
    const HIDE = `PUT ${ADMIN}/motion/mo-1/hide`;
    const vote = endedVote([{ response: 'in_favor', count: 2 }]);
    const data = reply({
      motions: [makeMotion({ motion_vote_id: vote.id, result_visibility: from })],
      votes: [vote],
    });
    const fetchMock = mockFetch({
      // The server's own message is not what the runner is told.
      [HIDE]: {
        body: { motion: makeMotion({ motion_vote_id: vote.id, result_visibility: to }), message: 'x' },
      },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: data },
    });
    const { user } = renderPanel({ data, principal: principal(RUNNER, 'u-staff') });
    await user.click(within(card()).getByRole('button', { name: label }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(fetchMock.requestsTo(HIDE)[0]?.body).toEqual({ result_visibility: to });
    expect(screen.queryByRole('alertdialog', { name: 'Error Updating' })).toBeNull();
  });

  it('says an invalid vote is invalid and draws no chart', () => {
    const vote = endedVote([
      { response: 'in_favor', count: 1 },
      { response: 'opposed', count: 0 },
      { response: 'abstained', count: 0 },
    ]);
    renderPanel({ data: decided(vote), principal: principal(RUNNER, 'u-staff') });
    const c = card();
    expect(statusOf(c)).toBe('vote invalid');
    expect(
      within(c).getByText('A minimum of 2 members are required to validate the vote, only 1 received'),
    ).toBeTruthy();
    expect(within(c).queryByRole('img')).toBeNull();
    expect(within(c).getByRole('table')).toBeTruthy();
  });

  it('names no result for an invalid vote, however the counts went', () => {
    const vote = endedVote([
      { response: 'in_favor', count: 1 },
      { response: 'opposed', count: 0 },
      { response: 'abstained', count: 0 },
    ]);
    renderPanel({ data: decided(vote), principal: principal(RUNNER, 'u-staff') });
    const results = within(card()).getByRole('region', { name: /^Vote Results: / });
    expect(within(results).getByText('No result: the vote is invalid.')).toBeTruthy();
    expect(within(results).queryByText('Result')).toBeNull();
    // The breakdown still shows the counts.
    expect(within(results).getByRole('table', { name: 'Vote Results breakdown' })).toBeTruthy();
  });

  it('names the result of a valid vote', () => {
    renderPanel({ data: decided(), principal: principal(RUNNER, 'u-staff') });
    const results = within(card()).getByRole('region', { name: /^Vote Results: / });
    expect(within(results).getByText('Result').nextElementSibling?.textContent).toBe('Approve');
    expect(within(results).queryByText('No result: the vote is invalid.')).toBeNull();
  });

  it('hides every result from non-runners when the runner hid them', () => {
    const vote = makeVote({
      started_at: iso(-120),
      ended_at: iso(-60),
      is_active: false,
      respondents_count: null,
    });
    renderPanel({
      data: reply({
        motions: [makeMotion({ motion_vote_id: 'v-1', result_visibility: 'hide_all' })],
        votes: [vote],
      }),
    });
    const c = card();
    expect(statusOf(c)).toBe('voting closed');
    expect(within(c).queryByRole('region', { name: /Results/ })).toBeNull();
    expect(within(c).queryByRole('table')).toBeNull();
  });

  it('shows non-runners the summary only when the breakdown is hidden', () => {
    const vote = makeVote({
      started_at: iso(-120),
      ended_at: iso(-60),
      is_active: false,
      respondents_count: 3,
      result: 'in_favor',
      passed: true,
      valid: true,
      summary_visible: true,
      breakdown_visible: false,
    });
    renderPanel({
      data: reply({
        motions: [makeMotion({ motion_vote_id: 'v-1', result_visibility: 'hide_breakdown' })],
        votes: [vote],
      }),
    });
    const c = card();
    expect(statusOf(c)).toBe('passed');
    const results = within(c).getByRole('region', { name: /^Vote Results: / });
    expect(within(results).getByText('Approve')).toBeTruthy();
    expect(within(c).queryByRole('table')).toBeNull();
    expect(within(c).queryByRole('button', { name: 'Show Results' })).toBeNull();
  });

  it('ranks several winners the same way whether or not the breakdown is shown', () => {
    // Cy carried more votes than Ann: the server ranks them Cy, Ann (ties alone go alphabetically).
    const outcome = [
      { response: 'Ann', count: 3 },
      { response: 'Bo', count: 1 },
      { response: 'Cy', count: 5 },
    ];
    const motion = makeMotion({
      motion_vote_id: 'v-1',
      motion_responses: ['Ann', 'Bo', 'Cy'],
      maximum_responses: 2,
    });
    const ended = {
      vote_type: 'multiple' as const,
      responses: ['Ann', 'Bo', 'Cy', 'abstained'],
      maximum_responses: 2,
      respondents_count: 5,
      result: ['Cy', 'Ann'],
      passed: true,
      valid: true,
    };
    const shownResult = (visibility: 'show_all' | 'hide_breakdown') => {
      const view = renderPanel({
        data: reply({
          motions: [{ ...motion, result_visibility: visibility }],
          votes: [
            endedVote(outcome, {
              ...ended,
              outcome: visibility === 'show_all' ? outcome : null,
              breakdown_visible: visibility === 'show_all',
            }),
          ],
        }),
      });
      const results = within(card()).getByRole('region', { name: /^Vote Results: / });
      const text = within(results).getByText('Result').nextElementSibling?.textContent;
      view.unmount();
      return text;
    };
    expect(shownResult('show_all')).toBe('Cy, Ann');
    expect(shownResult('hide_breakdown')).toBe('Cy, Ann');
  });

  it("picks up to the root motion's maximum for the motion vote held on its amendment (the amendment's is 1)", () => {
    const outcome = [
      { response: 'Ann', count: 3 },
      { response: 'Bo', count: 1 },
      { response: 'Cy', count: 5 },
    ];
    renderPanel({
      data: reply({
        motions: [
          makeMotion({ motion_responses: ['Ann', 'Bo', 'Cy'], maximum_responses: 2 }),
          makeMotion({
            id: 'am-1',
            amendment_parent_id: 'mo-1',
            amendment_approved: true,
            name: 'Strike line 4',
            motion_vote_id: 'v-9',
          }),
        ],
        votes: [
          endedVote(outcome, {
            id: 'v-9',
            motion_id: 'am-1',
            vote_type: 'multiple',
            responses: ['Ann', 'Bo', 'Cy', 'abstained'],
            maximum_responses: 2,
            result: ['Cy', 'Ann'],
            passed: true,
            valid: true,
          }),
        ],
      }),
    });
    const results = within(card(/Strike line 4/)).getByRole('region', { name: /^Vote Results: / });
    expect(within(results).getByText('Result').nextElementSibling?.textContent).toBe('Cy, Ann');
  });

  it('offers a runner the revote once a result exists', async () => {
    renderPanel({ data: decided(), principal: principal(RUNNER, 'u-staff') });
    await waitFor(() => expect(within(card()).getByRole('button', { name: 'Revote' })).toBeTruthy());
    expect(within(card()).queryByRole('button', { name: 'Begin Vote' })).toBeNull();
  });

  it('shows the root motion’s responses and filter on the approved amendment that carries its vote', () => {
    renderPanel({
      data: reply({
        motions: [
          makeMotion({ motion_filter: ['South'], motion_responses: ['Ann', 'Bo', 'Cy'] }),
          makeMotion({
            id: 'am-1',
            amendment_parent_id: 'mo-1',
            amendment_approved: true,
            name: 'Strike line 4',
          }),
        ],
      }),
    });
    const amendment = card(/Strike line 4/);
    expect(
      within(amendment).getByText('Only voting members whose Region is South may vote on this motion.'),
    ).toBeTruthy();
    const responses = within(amendment).getByRole('list', { name: 'Available responses' });
    expect(within(responses).getByText('Ann')).toBeTruthy();
  });

  it('marks a defeated amendment on its card', () => {
    const vote = endedVote([{ response: 'opposed', count: 3 }], {
      id: 'v-a',
      motion_id: 'am-1',
      type: 'amendment',
    });
    renderPanel({
      data: reply({
        motions: [
          makeMotion(),
          makeMotion({
            id: 'am-1',
            amendment_parent_id: 'mo-1',
            amendment_vote_id: 'v-a',
            name: 'Strike line 4',
          }),
        ],
        votes: [vote],
      }),
    });
    const amendment = card(/Strike line 4/);
    expect(within(amendment).getByText('Amendment defeated')).toBeTruthy();
    expect(within(amendment).queryByText('Inactive')).toBeNull();
  });

  it('holds the revote back, with the reasons, while a first vote could not start either', async () => {
    renderPanel({
      data: decided(),
      principal: principal(RUNNER, 'u-staff'),
      attendance: makeAttendance([makeMember({ user_id: 'u-1' })]),
    });
    const revote = await within(card()).findByRole('button', { name: 'Revote' });
    expect((revote as HTMLButtonElement).disabled).toBe(true);
    expect(within(card()).getByText('Quorum not met: 1 more voting member needed')).toBeTruthy();
    expect(within(card()).getByText('Chair/Vice Chair Not Present')).toBeTruthy();
  });

  it('tells members when a runner changes the result visibility', async () => {
    const vote = endedVote([{ response: 'in_favor', count: 2 }]);
    const motion = makeMotion({ motion_vote_id: vote.id });
    const { rerender } = renderPanel({ data: reply({ motions: [motion], votes: [vote] }) });
    rerender({
      data: reply({ motions: [{ ...motion, result_visibility: 'hide_breakdown' }], votes: [vote] }),
    });
    expect(await screen.findByText('Result Visibility Updated To hide breakdown')).toBeTruthy();
  });
});

describe('Motion card: focus through live changes', { timeout: 20_000 }, () => {
  it("puts a member's focus on the motion's title when a runner hides the results they were reading", () => {
    const motion = makeMotion({ motion_vote_id: 'v-1' });
    const outcome = [
      { response: 'in_favor', count: 3 },
      { response: 'opposed', count: 1 },
    ];
    const { rerender } = renderPanel({
      data: reply({ motions: [motion], votes: [endedVote(outcome)] }),
    });
    const heading = within(card()).getByRole('heading', { name: 'Vote Results' });
    heading.focus();
    rerender({
      data: reply({
        motions: [{ ...motion, result_visibility: 'hide_all' }],
        votes: [endedVote(outcome, { outcome: null, summary_visible: false, breakdown_visible: false })],
      }),
    });
    expect(within(card()).queryByRole('heading', { name: 'Vote Results' })).toBeNull();
    expect(document.activeElement?.id).toBe(motionTitleId(motion.id));
  });
});

describe('vote progress', () => {
  it('counts votes against the expected total, or with several responses each and no tally, members against those eligible', () => {
    const hidden = { outcome: null, respondents_count: 3 };
    expect(progressText(makeVote({ ...hidden, expected_count: 8 }))).toBe('Votes received: 3 of 8');
    expect(progressText(makeVote({ ...hidden, maximum_responses: 2, expected_count: 16 }))).toBe(
      'Members voted: 3 of 8',
    );
    const tally = [
      { response: 'Red', count: 4 },
      { response: 'Blue', count: 2 },
    ];
    expect(progressText(makeVote({ outcome: tally, maximum_responses: 2, expected_count: 16 }))).toBe(
      'Votes received: 6 of 16',
    );
    expect(progressText(makeVote({ outcome: null, respondents_count: null }))).toBeNull();
  });
});

describe('Motion card: the motion vote held on an approved amendment', { timeout: 20_000 }, () => {
  const amendmentVote = endedVote([{ response: 'in_favor', count: 3 }], {
    id: 'v-a',
    motion_id: 'am-1',
    type: 'amendment',
  });
  const motions = (motionVoteId: string) => [
    makeMotion(),
    makeMotion({
      id: 'am-1',
      amendment_parent_id: 'mo-1',
      amendment_vote_id: 'v-a',
      motion_vote_id: motionVoteId,
      name: 'Strike line 4',
      body: null,
    }),
  ];

  it('tells members they vote on the motion as amended, beside the amendment result', () => {
    const running = makeVote({ id: 'v-m', motion_id: 'am-1' });
    renderPanel({ data: reply({ motions: motions('v-m'), votes: [amendmentVote, running] }) });
    expect(within(card()).getByText(AMENDED_NOTE)).toBeTruthy();
    const amendment = card(/Strike line 4/);
    expect(within(amendment).getByText('Vote in progress on the motion as amended')).toBeTruthy();
    expect(
      within(amendment).getByRole('button', {
        name: "Vote 'Approve' on Adopt the budget, as amended by Strike line 4",
      }),
    ).toBeTruthy();
    // The amendment's own result stays while the motion vote runs.
    expect(within(amendment).getByText('Amendment Vote Results')).toBeTruthy();
  });

  it("gives an amendment's headings a level below its motion's, which holds it", () => {
    renderPanel({ data: reply({ motions: motions('v-m'), votes: [amendmentVote] }) });
    const amendment = card(/Strike line 4/);
    expect(within(card()).getByRole('heading', { name: 'Adopt the budget', level: 3 })).toBeTruthy();
    expect(
      within(amendment).getByRole('heading', { name: 'Amendment: Strike line 4', level: 4 }),
    ).toBeTruthy();
    expect(within(amendment).getByRole('heading', { name: 'Amendment Vote Results', level: 5 })).toBeTruthy();
  });

  it("shows the amendment's own status beside the motion's decision", () => {
    const tooFew = endedVote([{ response: 'in_favor', count: 1 }], { id: 'v-m', motion_id: 'am-1' });
    renderPanel({ data: reply({ motions: motions('v-m'), votes: [amendmentVote, tooFew] }) });
    const amendment = card(/Strike line 4/);
    const own = amendment.querySelector('[data-amendment-status]');
    expect(own?.getAttribute('data-amendment-status')).toBe('passed');
    expect(own?.textContent).toBe('Amendment status: passed');
    expect(amendment.querySelector('[data-status]')?.getAttribute('data-status')).toBe('vote invalid');
    expect(within(amendment).getByText('Motion as amended:')).toBeTruthy();
  });
});

describe('Motion card: runner buttons say which motion they act on', { timeout: 20_000 }, () => {
  const travel = makeMotion({ id: 'mo-2', name: 'Approve the travel policy', sort: 1 });

  it('describes Amend and Begin Vote with their motion, keeping their names', () => {
    renderPanel({
      principal: principal(RUNNER),
      data: reply({
        motions: [
          makeMotion(),
          travel,
          makeMotion({ id: 'am-1', amendment_parent_id: 'mo-1', name: 'Strike line 4', body: null }),
        ],
      }),
    });
    for (const [c, name] of [
      [card(/^Adopt the budget/), 'Adopt the budget'],
      [card(/Approve the travel policy/), 'Approve the travel policy'],
      [card(/Strike line 4/), 'Amendment: Strike line 4'],
    ] as const) {
      // The card's own buttons, not those of the amendment nested in it.
      const own = (label: string | RegExp) =>
        within(c)
          .getAllByRole('button', { name: label })
          .filter((b) => b.closest('article') === c);
      expect(own('Amend').map(describedText)).toEqual([name]);
      // The motion first, then any reason the vote cannot begin.
      const [begin, ...more] = own(/^Begin (Amendment )?Vote$/);
      expect(more).toHaveLength(0);
      expect(describedText(begin as HTMLElement)).toMatch(new RegExp(`^${name}( Amendment not voted on)?$`));
    }
  });

  it('describes Revote and the result visibility buttons with their motion, reasons after it', () => {
    const first = endedVote([{ response: 'in_favor', count: 2 }]);
    const second = endedVote([{ response: 'opposed', count: 2 }], { id: 'v-2', motion_id: 'mo-2' });
    renderPanel({
      principal: principal(RUNNER, 'u-staff'),
      attendance: makeAttendance([makeMember({ user_id: 'u-1' })]),
      data: reply({
        motions: [makeMotion({ motion_vote_id: 'v-1' }), { ...travel, motion_vote_id: 'v-2' }],
        votes: [first, second],
      }),
    });
    for (const [c, name] of [
      [card(), 'Adopt the budget'],
      [card(/Approve the travel policy/), 'Approve the travel policy'],
    ] as const) {
      for (const label of ['Show Results', 'Hide Breakdown', 'Hide All Results']) {
        expect(describedText(within(c).getByRole('button', { name: label }))).toBe(name);
      }
      expect(describedText(within(c).getByRole('button', { name: 'Revote' }))).toMatch(
        new RegExp(`^${name} Quorum not met`),
      );
    }
  });
});

describe('Motion card: voting while offline', { timeout: 20_000 }, () => {
  it('says a confirmed vote waits for the connection, and sends it when the connection returns', async () => {
    const active = reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [makeVote()] });
    const fetchMock = mockFetch(approveRoutes(active));
    const { user } = renderPanel({ data: active });
    expect(within(card()).queryByText(OFFLINE_VOTE_NOTICE)).toBeNull();
    onlineManager.setOnline(false);
    try {
      await user.click(within(card()).getByRole('button', { name: "Vote 'Approve' on Adopt the budget" }));
      await user.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmed' }),
      );
      const notice = await within(card()).findByText(OFFLINE_VOTE_NOTICE);
      expect(notice.closest('[role="status"]')).not.toBeNull();
      expect(fetchMock.requestsTo(`POST ${ADMIN}/motion/mo-1/vote/v-1/response`)).toHaveLength(0);

      act(() => onlineManager.setOnline(true));
      expect(await screen.findByText('Approve Vote Recorded')).toBeTruthy();
      expect(fetchMock.requestsTo(`POST ${ADMIN}/motion/mo-1/vote/v-1/response`)).toHaveLength(1);
      expect(within(card()).queryByText(OFFLINE_VOTE_NOTICE)).toBeNull();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
