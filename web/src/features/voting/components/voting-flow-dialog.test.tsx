import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VotingFlowDialog, type VotingFlowTarget } from '@/features/voting/components/voting-flow-dialog';
import {
  ADMIN,
  makeMotion,
  meetingScope,
  principal,
  RUNNER,
  renderPanel,
  reply,
} from '@/features/voting/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';

const card = (name = /Adopt the budget/) => screen.getByRole('article', { name });
const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

describe('Voting flow dialog: every opening starts over', { timeout: 20_000 }, () => {
  it('asks for the second again after a "No" (Failed) and Begin Vote once more', async () => {
    const { user } = renderPanel({ principal: principal(RUNNER) });
    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    expect(await screen.findByText('Failed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await noDialog();

    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Is there a second?')).toBeTruthy();
    expect(within(dialog).queryByText('Failed')).toBeNull();
  });

  it('asks for the second again after closing with Esc at "Start the vote"', async () => {
    const { user } = renderPanel({ principal: principal(RUNNER) });
    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Start the vote')).toBeTruthy();
    await user.keyboard('{Escape}');
    await noDialog();

    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Is there a second?')).toBeTruthy();
    expect(within(dialog).queryByText('Start the vote')).toBeNull();
  });

  it('starts over when reopened with the very same target, and a revote at its decision', async () => {
    const client = new QueryClient();
    const user = userEvent.setup();
    const motion = makeMotion();
    const target: VotingFlowTarget = { motion, kind: 'motion', revote: false, ballot: motion };
    const ui = (t: VotingFlowTarget | null) => (
      <QueryClientProvider client={client}>
        <VotingFlowDialog
          scope={meetingScope}
          target={t}
          canAmend={false}
          onAmend={() => {}}
          onClose={() => {}}
        />
      </QueryClientProvider>
    );
    const view = render(ui(target));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Discussion or amendments?')).toBeTruthy();
    view.rerender(ui(null));
    await noDialog();
    view.rerender(ui(target));
    expect(await screen.findByText('Is there a second?')).toBeTruthy();

    view.rerender(ui(null));
    await noDialog();
    view.rerender(ui({ ...target, revote: true }));
    expect(await screen.findByText('Revote')).toBeTruthy();
    expect(screen.getByText(/The previous result will be lost/)).toBeTruthy();
  });
});

describe('Voting flow dialog: screen readers', { timeout: 20_000 }, () => {
  it('says each later step’s title and question, which replace the dialog’s content in place', async () => {
    const { user } = renderPanel({ principal: principal(RUNNER) });
    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    const dialog = await screen.findByRole('dialog');
    const said = () => dialog.querySelector('[aria-live="polite"]')?.textContent ?? '';
    expect(said()).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(said()).toMatch(/^Discussion or amendments\? \S/));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(said()).toMatch(/^Start the vote \S/));
  });
});

describe('Voting flow dialog: one decision per click', { timeout: 20_000 }, () => {
  it('takes a double- or triple-click as one click: no step is skipped and no vote starts', async () => {
    const START = 'PUT /api/admin/committee/FIN/meeting/M1/motion/mo-1/vote';
    const fetchMock = mockFetch({ [START]: { status: 422, body: { message: 'Quorum not met' } } });
    const { user } = renderPanel({ principal: principal(RUNNER) });
    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    // The second and third clicks land on whatever button now sits under the pointer.
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }), { detail: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }), { detail: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }), { detail: 3 });
    expect(screen.getByText('Discussion or amendments?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }), { detail: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Start Vote' }), { detail: 2 });
    expect(screen.getByText('Start the vote')).toBeTruthy();
    expect(fetchMock.requests()).toHaveLength(0);
    // A key press (detail 0) acts.
    screen.getByRole('button', { name: 'Start Vote' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fetchMock.requestsTo(START)).toHaveLength(1));
  });
});

describe('Voting flow dialog: wording', { timeout: 20_000 }, () => {
  it('says "An amendment needs a second" for an amendment', async () => {
    const { user } = renderPanel({
      principal: principal(RUNNER),
      data: reply({
        motions: [
          makeMotion(),
          makeMotion({ id: 'am-1', amendment_parent_id: 'mo-1', name: 'Strike line 4', body: null }),
        ],
      }),
    });
    await user.click(within(card(/Strike line 4/)).getByRole('button', { name: 'Begin Amendment Vote' }));
    expect(await screen.findByText('An amendment needs a second before it can be voted on.')).toBeTruthy();
  });

  it('says "A motion needs a second" for a motion', async () => {
    const { user } = renderPanel({ principal: principal(RUNNER) });
    await user.click(within(card()).getByRole('button', { name: 'Begin Vote' }));
    expect(await screen.findByText('A motion needs a second before it can be voted on.')).toBeTruthy();
  });
});

describe('Voting flow dialog: unanimous consent', { timeout: 20_000 }, () => {
  const amendment = makeMotion({
    id: 'am-1',
    amendment_parent_id: 'mo-1',
    name: 'Strike line 4',
    body: null,
  });

  it.each([
    [
      'a motion',
      'mo-1',
      /Adopt the budget/,
      'Begin Vote',
      'motion',
      'The motion was approved by unanimous consent.',
    ],
    [
      'an amendment',
      'am-1',
      /Strike line 4/,
      'Begin Amendment Vote',
      'amendment',
      'The motion was amended by unanimous consent.',
    ],
  ])('approves %s by unanimous consent and says so', async (_, id, name, begin, type, text) => {
    const UNANIMOUS = `PUT ${ADMIN}/motion/${id}/unanimous`;
    const motion = id === 'am-1' ? amendment : makeMotion();
    const fetchMock = mockFetch({
      [UNANIMOUS]: {
        body: {
          motion: {
            ...motion,
            ...(type === 'amendment' ? { amendment_approved: true } : { motion_approved: true }),
          },
          vote: null,
          message: 'Recorded.',
        },
      },
    });
    // A motion's vote waits for its pending amendments: the motion case has none.
    const { user } = renderPanel({
      principal: principal(RUNNER),
      data: reply({ motions: id === 'am-1' ? [makeMotion(), amendment] : [makeMotion()] }),
    });
    await user.click(within(card(name)).getByRole('button', { name: begin }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Unanimous Consent' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(fetchMock.requestsTo(UNANIMOUS)[0]?.body).toEqual({ type, revote: false });
    const other =
      text === 'The motion was approved by unanimous consent.'
        ? 'The motion was amended by unanimous consent.'
        : 'The motion was approved by unanimous consent.';
    expect(screen.queryByText(other)).toBeNull();
  });
});
