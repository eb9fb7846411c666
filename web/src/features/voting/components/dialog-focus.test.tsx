/** Where keyboard focus goes when the motions panel's dialogs open and close. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  endedVote,
  makeMotion,
  makeVote,
  principal,
  RUNNER,
  renderPanel,
  reply,
} from '@/features/voting/test-fixtures';
import { queryKeys } from '@/lib/query-keys';
import { mockFetch } from '@/test/fetch-mock';

const card = () => screen.getByRole('article', { name: /Adopt the budget/ });
const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
const focused = (element: Element) => waitFor(() => expect(document.activeElement).toBe(element));

describe('Focus: the motion form', { timeout: 20_000 }, () => {
  it('starts in the Name field and goes back to New Motion when closed', async () => {
    const { user } = renderPanel({ phase: 'planned', principal: principal(RUNNER), data: reply() });
    const newMotion = screen.getByRole('button', { name: 'New Motion' });
    await user.click(newMotion);
    const dialog = await screen.findByRole('dialog', { name: 'New Motion' });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    await focused(name);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await noDialog();
    await focused(newMotion);
  });

  it('focuses the Name editor when its label is clicked', async () => {
    const { user } = renderPanel({ phase: 'planned', principal: principal(RUNNER), data: reply() });
    await user.click(screen.getByRole('button', { name: 'New Motion' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Motion' });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    const body = await within(dialog).findByRole('textbox', { name: 'Body' });
    await user.click(within(dialog).getByText('Body'));
    await focused(body);
    await user.click(within(dialog).getByText('Name'));
    await focused(name);
  });

  it('goes back to Amend after an amendment form opened from the card', async () => {
    const { user } = renderPanel({ principal: principal(RUNNER) });
    const amend = within(card()).getByRole('button', { name: 'Amend' });
    await user.click(amend);
    const dialog = await screen.findByRole('dialog', { name: 'Amend Motion' });
    await user.keyboard('{Escape}');
    await noDialog();
    expect(dialog.isConnected).toBe(false);
    await focused(amend);
  });
});

describe('Focus: the voting flow', { timeout: 20_000 }, () => {
  it('goes back to Begin Vote when the flow is closed', async () => {
    const { user } = renderPanel({ principal: principal(RUNNER) });
    const begin = within(card()).getByRole('button', { name: 'Begin Vote' });
    await user.click(begin);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await noDialog();
    await focused(begin);
  });

  it('goes back to Begin Vote after Amend in the flow and the amendment form is cancelled', async () => {
    const { user } = renderPanel({ principal: principal(RUNNER) });
    const begin = within(card()).getByRole('button', { name: 'Begin Vote' });
    await user.click(begin);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Amend' }));
    const form = await screen.findByRole('dialog', { name: 'Amend Motion' });
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await noDialog();
    await focused(begin);
  });

  it('makes Start Vote the default at the last step, so Enter never approves by unanimous consent', async () => {
    const { user } = renderPanel({ principal: principal(RUNNER) });
    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await focused(await screen.findByRole('button', { name: 'Continue' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Start the vote')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unanimous Consent' })).toBeTruthy();
    await focused(screen.getByRole('button', { name: 'Start Vote' }));
  });

  it('opens a revote with Start Vote focused', async () => {
    const vote = endedVote([
      { response: 'in_favor', count: 2 },
      { response: 'opposed', count: 1 },
    ]);
    const { user } = renderPanel({
      principal: principal(RUNNER, 'u-staff'),
      data: reply({ motions: [makeMotion({ motion_vote_id: vote.id })], votes: [vote] }),
    });
    const revote = await within(card()).findByRole('button', { name: 'Revote' });
    await user.click(revote);
    expect(await screen.findByRole('button', { name: 'Unanimous Consent' })).toBeTruthy();
    await focused(screen.getByRole('button', { name: 'Start Vote' }));
    await user.keyboard('{Escape}');
    await noDialog();
    await focused(revote);
  });

  it('moves on to the running vote once the vote has started (Begin Vote is gone)', async () => {
    const started = makeVote();
    const after = reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [started] });
    mockFetch({
      [`PUT ${ADMIN}/motion/mo-1/vote`]: {
        body: { motion: makeMotion({ motion_vote_id: 'v-1' }), vote: started, message: 'Vote Started!' },
      },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: after },
    });
    const { user, rerender } = renderPanel({ principal: principal(RUNNER, 'u-staff') });
    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Start Vote' }));
    expect(await screen.findByText('Vote Started!')).toBeTruthy();
    // The page's data now has the running vote (here given as props, as the page would).
    rerender({ data: after });
    await focused(within(card()).getByText('Vote in progress'));
  });
});

describe('Focus: running votes', { timeout: 20_000 }, () => {
  const active = reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [makeVote()] });

  it('puts a member on what the vote now says once their response is recorded', async () => {
    const responses = [{ id: 'r-1', vote_id: 'v-1', member_id: 'ms-u-1', response: 'in_favor' }];
    mockFetch({
      [`POST ${ADMIN}/motion/mo-1/vote/v-1/response`]: {
        body: { response: responses[0], responses, message: 'Approve Vote Recorded' },
      },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: { ...active, responses } },
    });
    const { user, rerender } = renderPanel({ data: active });
    await user.click(within(card()).getByRole('button', { name: "Vote 'Approve' on Adopt the budget" }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Confirmed' }));
    expect(await screen.findByText('Approve Vote Recorded')).toBeTruthy();
    rerender({ data: { ...active, responses } });
    await focused(within(card()).getByText('You have cast every response this vote allows.'));
  });

  it('still tells a member their vote failed when the vote ended meanwhile, then puts them on the motion', async () => {
    const closed = reply({
      motions: [makeMotion({ motion_vote_id: 'v-1' })],
      votes: [endedVote([{ response: 'opposed', count: 1 }])],
    });
    mockFetch({
      [`POST ${ADMIN}/motion/mo-1/vote/v-1/response`]: {
        status: 422,
        body: { message: 'Voting is not active.' },
      },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: closed },
      'GET /api/meeting/FIN/M1/retrieve/attendance': { body: {} },
    });
    const { user, rerender, client } = renderPanel({ data: active });
    const attendanceKey = queryKeys.meetings.attendance('FIN', 'M1');
    client.setQueryData(attendanceKey, {});
    await user.click(within(card()).getByRole('button', { name: "Vote 'Approve' on Adopt the budget" }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmed' }),
    );
    const error = await screen.findByRole('alertdialog', { name: 'Error Processing Vote' });
    // The page may be behind (checked out meanwhile): who is present is asked for again at once.
    expect(client.getQueryState(attendanceKey)?.isInvalidated).toBe(true);
    rerender({ data: closed });
    expect(screen.queryByText('Vote in progress')).toBeNull();
    expect(error.isConnected).toBe(true);
    expect(within(error).getByText('Voting is not active.')).toBeTruthy();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await focused(within(card()).getByRole('heading', { name: 'Adopt the budget', level: 3 }));
  });

  it('takes a member whose vote confirmation was open to the results when the vote is closed elsewhere', async () => {
    const closed = reply({
      motions: [makeMotion({ motion_vote_id: 'v-1' })],
      votes: [endedVote([{ response: 'in_favor', count: 1 }])],
    });
    const { user, rerender } = renderPanel({ data: active });
    await user.click(within(card()).getByRole('button', { name: "Vote 'Approve' on Adopt the budget" }));
    await screen.findByRole('alertdialog');
    rerender({ data: closed });
    await noDialog();
    await focused(document.getElementById('results-v-1') as HTMLElement);
  });

  it('puts a member on how many choices are left after the first of several', async () => {
    const motion = makeMotion({
      motion_vote_id: 'v-1',
      motion_responses: ['Red', 'Blue', 'Green'],
      maximum_responses: 2,
      vote_type: 'multiple',
    });
    const vote = makeVote({ responses: ['Red', 'Blue', 'Green', 'abstained'], maximum_responses: 2 });
    const data = reply({ motions: [motion], votes: [vote] });
    const responses = [{ id: 'r-1', vote_id: 'v-1', member_id: 'ms-u-1', response: 'Red' }];
    mockFetch({
      [`POST ${ADMIN}/motion/mo-1/vote/v-1/response`]: {
        body: { response: responses[0], responses, message: 'Red Vote Recorded' },
      },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: { ...data, responses } },
    });
    const { user, rerender } = renderPanel({ data });
    await user.click(within(card()).getByRole('button', { name: "Vote 'Red' on Adopt the budget" }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmed' }),
    );
    expect(await screen.findByText('Red Vote Recorded')).toBeTruthy();
    // Not yet: the page still shows no response given ('Choose up to 2.').
    expect(document.activeElement).not.toBe(within(card()).getByText('Choose up to 2.'));
    rerender({ data: { ...data, responses } });
    await focused(within(card()).getByText('1 more choice.'));
  });

  it('puts a runner on the results after closing the vote', async () => {
    const closed = endedVote([
      { response: 'in_favor', count: 2 },
      { response: 'opposed', count: 1 },
    ]);
    const after = reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [closed] });
    mockFetch({
      [`PUT ${ADMIN}/motion/mo-1/vote/v-1/close`]: {
        body: { motion: makeMotion({ motion_vote_id: 'v-1' }), vote: closed, message: 'Vote Closed' },
      },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: after },
    });
    const { user, rerender } = renderPanel({ data: active, principal: principal(RUNNER, 'u-staff') });
    await user.click(within(card()).getByRole('button', { name: 'Close Vote' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: "Yes, I'm sure" }));
    expect(await screen.findByText('Vote Closed')).toBeTruthy();
    rerender({ data: after });
    await focused(within(card()).getByRole('heading', { name: 'Vote Results' }));
  });

  it('puts a member on the results when the runner closes the vote while their focus is on it', async () => {
    const closed = endedVote([{ response: 'in_favor', count: 2 }], { summary_visible: true });
    const after = reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [closed] });
    const { rerender } = renderPanel({ data: active });
    within(card()).getByRole('button', { name: "Vote 'Approve' on Adopt the budget" }).focus();
    rerender({ data: after });
    await focused(within(card()).getByRole('heading', { name: 'Vote Results' }));
  });

  it('leaves focus where it is when the vote closes while it is elsewhere', async () => {
    const closed = endedVote([{ response: 'in_favor', count: 2 }], { summary_visible: true });
    const after = reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [closed] });
    const { rerender } = renderPanel({ data: active });
    const heading = screen.getByRole('heading', { name: 'Motions' });
    heading.focus();
    rerender({ data: after });
    await within(card()).findByRole('heading', { name: 'Vote Results' });
    expect(document.activeElement).toBe(heading);
  });

  it('keeps focus on +10 s while the time is being added', async () => {
    let answer: (() => void) | undefined;
    mockFetch({
      [`PUT ${ADMIN}/motion/mo-1/vote/v-1`]: () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              body: {
                motion: makeMotion({ motion_vote_id: 'v-1' }),
                vote: makeVote(),
                message: '10 Seconds Added To Vote Time',
              },
            });
        }),
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: active },
    });
    const { user } = renderPanel({ data: active, principal: principal(RUNNER, 'u-staff') });
    const add = within(card()).getByRole('button', { name: /^\+10 s/ });
    await user.click(add);
    await waitFor(() => expect(add.getAttribute('aria-disabled')).toBe('true'));
    expect(add.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(add);
    answer?.();
    expect(await screen.findByText('10 Seconds Added To Vote Time')).toBeTruthy();
    await waitFor(() => expect(add.getAttribute('aria-disabled')).toBeNull());
  });

  it('gives focus back to Close Vote after its error is dismissed', async () => {
    mockFetch({
      [`PUT ${ADMIN}/motion/mo-1/vote/v-1/close`]: { status: 500, body: {} },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: active },
    });
    const { user } = renderPanel({ data: active, principal: principal(RUNNER, 'u-staff') });
    const close = within(card()).getByRole('button', { name: 'Close Vote' });
    await user.click(close);
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: "Yes, I'm sure" }));
    const error = await screen.findByRole('alertdialog', { name: 'Error Updating' });
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await focused(close);
  });
});

/** The browser drops focus from a button that becomes disabled or is removed; jsdom does not. */
const dropFocus = () => (document.activeElement as HTMLElement | null)?.blur();

describe('Focus: after a change', { timeout: 20_000 }, () => {
  it('gives focus back to the pressed result-visibility button once it is enabled again', async () => {
    const vote = endedVote([
      { response: 'in_favor', count: 2 },
      { response: 'opposed', count: 1 },
    ]);
    const decided = reply({ motions: [makeMotion({ motion_vote_id: vote.id })], votes: [vote] });
    mockFetch({
      [`PUT ${ADMIN}/motion/mo-1/hide`]: () => {
        dropFocus(); // the buttons are disabled while the change is saved
        return {
          body: {
            motion: makeMotion({ motion_vote_id: vote.id, result_visibility: 'hide_breakdown' }),
            message: 'Results Breakdown Hidden',
          },
        };
      },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: decided },
    });
    const { user } = renderPanel({ data: decided, principal: principal(RUNNER, 'u-staff') });
    const hide = within(card()).getByRole('button', { name: 'Hide Breakdown' });
    await user.click(hide);
    expect(await screen.findByText('Results Breakdown Hidden')).toBeTruthy();
    await focused(hide);
  });

  const budget = makeMotion();
  const amendment = makeMotion({ id: 'am-1', amendment_parent_id: 'mo-1', name: 'Raise the reserve' });
  const travel = makeMotion({ id: 'mo-2', name: 'Approve the travel policy', sort: 1 });

  type Motion = ReturnType<typeof makeMotion>;
  async function deleteMotion(name: string, id: string, before: Motion[], remaining: Motion[]) {
    mockFetch({
      [`DELETE ${ADMIN}/motion/${id}`]: () => {
        dropFocus(); // the card, and its Delete button, go once the motion is deleted
        return { body: { ok: true, message: 'deleted' } };
      },
      'GET /api/meeting/FIN/M1/retrieve/motions': { body: reply({ motions: remaining }) },
    });
    const view = renderPanel({
      phase: 'planned',
      principal: principal(RUNNER),
      data: reply({ motions: before }),
    });
    await view.user.click(screen.getByRole('button', { name: `Delete ${name}` }));
    const dialog = await screen.findByRole('alertdialog');
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirmed' }));
    view.rerender({ data: reply({ motions: remaining }) });
    return view;
  }

  it("puts focus on the motion's title after one of its amendments is deleted", async () => {
    await deleteMotion('Raise the reserve', 'am-1', [budget, amendment, travel], [budget, travel]);
    expect(await screen.findByText('Amendment deleted')).toBeTruthy();
    await focused(screen.getByRole('heading', { name: 'Adopt the budget' }));
  });

  it('puts focus on the next motion after a motion is deleted', async () => {
    await deleteMotion('Adopt the budget', 'mo-1', [budget, travel], [travel]);
    expect(await screen.findByText('Motion deleted')).toBeTruthy();
    await focused(screen.getByRole('heading', { name: 'Approve the travel policy' }));
  });

  it('puts focus on the Motions heading after the last motion is deleted', async () => {
    await deleteMotion('Adopt the budget', 'mo-1', [budget], []);
    expect(await screen.findByText('Motion deleted')).toBeTruthy();
    await focused(screen.getByRole('heading', { name: 'Motions' }));
  });
});

describe('Announcements: the meeting vote opens and closes', () => {
  it('tells screen readers when voting opens and closes, not what the page already showed when loaded', () => {
    const idle = reply({ motions: [makeMotion()] });
    const { rerender } = renderPanel({ data: idle });
    const announcer = () => screen.getAllByRole('status').find((el) => el.className.includes('sr-only'));
    expect(announcer()?.textContent).toBe('');
    rerender({ data: reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [makeVote()] }) });
    expect(announcer()?.textContent).toBe('Voting is open on Adopt the budget.');
    const closed = endedVote([{ response: 'in_favor', count: 2 }], { summary_visible: false, outcome: null });
    rerender({ data: reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [closed] }) });
    expect(announcer()?.textContent).toBe('Voting has closed on Adopt the budget.');
  });

  it("tells the closed vote's outcome once the results arrive", () => {
    const motion = makeMotion({ motion_vote_id: 'v-1' });
    const { rerender } = renderPanel({ data: reply({ motions: [makeMotion()] }) });
    const announcer = () => screen.getAllByRole('status').find((el) => el.className.includes('sr-only'));
    rerender({ data: reply({ motions: [motion], votes: [makeVote()] }) });
    const awaited = endedVote([], { summary_visible: false, outcome: null, is_active: true });
    rerender({ data: reply({ motions: [motion], votes: [awaited] }) });
    expect(announcer()?.textContent).toBe('Voting has closed on Adopt the budget.');
    const results = endedVote([
      { response: 'in_favor', count: 2 },
      { response: 'opposed', count: 1 },
    ]);
    rerender({ data: reply({ motions: [motion], votes: [results] }) });
    expect(announcer()?.textContent).toBe('Voting has closed on Adopt the budget: passed.');
  });

  it('tells no outcome to a viewer from whom the results are hidden', () => {
    const motion = makeMotion({ motion_vote_id: 'v-1', result_visibility: 'hide_all' });
    const { rerender } = renderPanel({
      data: reply({ motions: [makeMotion({ result_visibility: 'hide_all' })] }),
    });
    const announcer = () => screen.getAllByRole('status').find((el) => el.className.includes('sr-only'));
    rerender({ data: reply({ motions: [motion], votes: [makeVote()] }) });
    const hidden = endedVote([], { summary_visible: false, breakdown_visible: false, outcome: null });
    rerender({ data: reply({ motions: [motion], votes: [hidden] }) });
    expect(announcer()?.textContent).toBe('Voting has closed on Adopt the budget.');
  });

  it('takes the outcome out of the text once a runner hides the results', () => {
    const motion = makeMotion({ motion_vote_id: 'v-1' });
    const { rerender } = renderPanel({ data: reply({ motions: [makeMotion()] }) });
    const announcer = () => screen.getAllByRole('status').find((el) => el.className.includes('sr-only'));
    rerender({ data: reply({ motions: [motion], votes: [makeVote()] }) });
    const results = endedVote([{ response: 'in_favor', count: 2 }]);
    rerender({ data: reply({ motions: [motion], votes: [results] }) });
    expect(announcer()?.textContent).toBe('Voting has closed on Adopt the budget: passed.');
    const hidden = endedVote([], { summary_visible: false, breakdown_visible: false, outcome: null });
    rerender({
      data: reply({ motions: [{ ...motion, result_visibility: 'hide_all' }], votes: [hidden] }),
    });
    expect(announcer()?.textContent).toBe('Voting has closed on Adopt the budget.');
  });

  it('says nothing for a vote already open when the page loads', () => {
    renderPanel({ data: reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [makeVote()] }) });
    const announcer = screen.getAllByRole('status').find((el) => el.className.includes('sr-only'));
    expect(announcer?.textContent).toBe('');
  });
});
