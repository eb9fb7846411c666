import { SERVER_TIME_HEADER } from '@gavel/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { CurrentUserContext, currentUserOf } from '@/features/auth/queries';
import { VOTE_BUTTONS_AWAIT_MEMBERS } from '@/features/voting/components/active-vote';
import {
  flattenedOrder,
  MotionsPanel,
  type MotionsPanelProps,
} from '@/features/voting/components/motions-panel';
import {
  ADMIN,
  makeAttendance,
  makeMeetingCommittee,
  makeMember,
  makeMotion,
  makeVote,
  meetingScope,
  principal,
  RUNNER,
  renderPanel,
  reply,
} from '@/features/voting/test-fixtures';
import { queryKeys } from '@/lib/query-keys';
import { resetServerClock } from '@/lib/server-clock';
import { useClock } from '@/lib/use-clock';
import { mockFetch } from '@/test/fetch-mock';
import { makeMe } from '@/test/fixtures';

/** The panel as the meeting page runs it: on the page's one-second clock. */
function MotionsPanelOnPageClock(props: MotionsPanelProps) {
  return <MotionsPanel {...props} clock={useClock()} />;
}

function renderMotionsPanel(
  props: Partial<MotionsPanelProps>,
  permissions: string[] = [],
  Panel: typeof MotionsPanel = MotionsPanel,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const me = makeMe({ permissions, roles: [] });
  client.setQueryData(queryKeys.me, me);
  const all: MotionsPanelProps = {
    scope: meetingScope,
    phase: 'in_progress',
    committee: makeMeetingCommittee(),
    attendance: makeAttendance(),
    live: true,
    clock: { now: Date.now(), tick: 1 },
    ...props,
  };
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        {/* What RequireAuth gives the pages: the signed-in user. */}
        <CurrentUserContext value={currentUserOf(me)}>
          <TooltipProvider>
            <Panel {...all} />
          </TooltipProvider>
        </CurrentUserContext>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('MotionsPanel', { timeout: 20_000 }, () => {
  it("fetches a meeting's motions and shows them", async () => {
    const fetchMock = mockFetch({ 'GET /api/meeting/FIN/M1/retrieve/motions': { body: reply() } });
    renderMotionsPanel({});
    expect(await screen.findByRole('article', { name: /Adopt the budget/ })).toBeTruthy();
    expect(fetchMock.requestsTo('GET /api/meeting/FIN/M1/retrieve/motions')).toHaveLength(1);
  });

  it("fetches an email vote's motions and its can_modify, and lets members vote without check-in", async () => {
    // The panel runs on the real clock.
    const vote = makeVote({
      meeting_id: null,
      email_vote_id: 'ev-1',
      started_at: new Date(Date.now() - 60_000).toISOString(),
      ended_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const fetchMock = mockFetch({
      'GET /api/vote/FIN/EV1/retrieve/motions': {
        body: reply({
          motions: [makeMotion({ meeting_id: null, email_vote_id: 'ev-1', motion_vote_id: 'v-1' })],
          votes: [vote],
        }),
      },
      'GET /api/vote/FIN/EV1/retrieve/vote': {
        body: {
          id: 'ev-1',
          committee_id: 'c-1',
          code: 'EV1',
          name: 'Budget vote',
          description: null,
          start: vote.started_at,
          end: vote.ended_at,
          phase: 'in_progress',
          can_modify: false,
          voting_members_count: 3,
          voting_members_not_started_count: 2,
          voting_members_incomplete_count: 0,
          voting_members_complete_count: 1,
          committee: makeMeetingCommittee(),
        },
      },
    });
    renderMotionsPanel(
      {
        scope: { kind: 'vote', committeeCode: 'FIN', voteCode: 'EV1' },
        attendance: makeAttendance([makeMember({ user_id: 'u-1', checkedIn: false })]),
      },
      ['create motions'],
    );
    const card = await screen.findByRole('article', { name: /Adopt the budget/ });
    const approve = await within(card).findByRole('button', { name: "Vote 'Approve' on Adopt the budget" });
    expect((approve as HTMLButtonElement).disabled).toBe(false);
    // can_modify false: no new motions.
    expect(screen.queryByRole('button', { name: 'New Motion' })).toBeNull();
    expect(fetchMock.requestsTo('GET /api/vote/FIN/EV1/retrieve/vote')).toHaveLength(1);
    // Email votes close with their window: no runner controls.
    expect(within(card).queryByRole('button', { name: 'Close Vote' })).toBeNull();
  });

  it.each([
    ['90 s fast', 90_000],
    ['30 s slow', -30_000],
  ])(
    'runs on the server clock: a member whose device clock is %s sees the vote and can vote',
    async (_, skew) => {
      onTestFinished(resetServerClock);
      const serverClock = Date.now;
      vi.spyOn(Date, 'now').mockImplementation(() => serverClock() + skew);
      const vote = makeVote({
        started_at: new Date(serverClock() - 10_000).toISOString(),
        ended_at: new Date(serverClock() + 50_000).toISOString(),
      });
      const body = reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [vote] });
      mockFetch({
        // The gateway stamps every answer with its clock.
        'GET /api/meeting/FIN/M1/retrieve/motions': () =>
          new Response(JSON.stringify(body), {
            headers: { 'Content-Type': 'application/json', [SERVER_TIME_HEADER]: String(serverClock()) },
          }),
      });
      renderMotionsPanel({}, [], MotionsPanelOnPageClock);
      const card = await screen.findByRole('article', { name: /Adopt the budget/ });
      const approve = await within(card).findByRole('button', { name: "Vote 'Approve' on Adopt the budget" });
      expect((approve as HTMLButtonElement).disabled).toBe(false);
      expect(within(card).getByRole('timer').textContent).toMatch(/^0:(49|50)$/);
    },
  );

  it('says why a running vote has no vote buttons yet while the member list is not in', async () => {
    const vote = makeVote({
      started_at: new Date(Date.now() - 10_000).toISOString(),
      ended_at: new Date(Date.now() + 50_000).toISOString(),
    });
    mockFetch({
      'GET /api/meeting/FIN/M1/retrieve/motions': {
        body: reply({ motions: [makeMotion({ motion_vote_id: 'v-1' })], votes: [vote] }),
      },
    });
    const waiting = renderMotionsPanel({ attendance: undefined });
    let card = await screen.findByRole('article', { name: /Adopt the budget/ });
    expect(await within(card).findByText(VOTE_BUTTONS_AWAIT_MEMBERS)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /^Vote 'Approve'/ })).toBeNull();
    waiting.unmount();

    renderMotionsPanel({ attendance: makeAttendance([makeMember({ user_id: 'u-1' })]) });
    card = await screen.findByRole('article', { name: /Adopt the budget/ });
    expect(
      await within(card).findByRole('button', { name: "Vote 'Approve' on Adopt the budget" }),
    ).toBeTruthy();
    expect(within(card).queryByText(VOTE_BUTTONS_AWAIT_MEMBERS)).toBeNull();
  });

  it('logs a failed fetch without a dialog, and never calls a failed first load "no motions"', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/meeting/FIN/M1/retrieve/motions': { status: 500, body: {} } });
    renderMotionsPanel({});
    expect(await screen.findByText('Unknown Retrieve Error... Please try again.')).toBeTruthy();
    expect(screen.queryByText('No motions to show')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Motions could not be retrieved', expect.anything());

    mockFetch({ 'GET /api/meeting/FIN/M1/retrieve/motions': { body: reply() } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: /Adopt the budget/ })).toBeTruthy();
  });
});

describe('MotionsPanel reordering', { timeout: 20_000 }, () => {
  const RESORT = `PUT ${ADMIN}/motions-resort`;
  const travel = makeMotion({ id: 'mo-2', name: 'Approve the travel policy', sort: 1 });

  /** Moves the first motion below the second by keyboard, as a runner of a planned meeting. */
  async function moveFirstDown() {
    // The test DOM lays nothing out: each motion's row gets a place of its own, one below the other.
    const rects = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    rects.mockImplementation(function (this: HTMLElement) {
      const row = this.closest('ul[aria-label="Motions"] > li');
      const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
      return DOMRect.fromRect({ x: 0, y: index * 200, width: 600, height: 150 });
    });
    onTestFinished(() => rects.mockRestore());
    const { user } = renderPanel({
      phase: 'planned',
      principal: principal(RUNNER),
      data: reply({ motions: [makeMotion(), travel] }),
    });
    screen.getByRole('button', { name: 'Reorder Adopt the budget' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
  }

  it("saves the new order and says 'Motions sort order saved'", async () => {
    const fetchMock = mockFetch({ [RESORT]: { body: { ok: true, message: 'x' } } });
    await moveFirstDown();
    expect(await screen.findByText('Motions sort order saved')).toBeTruthy();
    expect(fetchMock.requestsTo(RESORT)[0]?.body).toEqual({ motions: ['mo-2', 'mo-1'] });
  });

  it("says 'Unknown Retrieve Error... Please try again.' when the resort fails without a text", async () => {
    const fetchMock = mockFetch({ [RESORT]: { status: 500, body: { message: '' } } });
    await moveFirstDown();
    const error = await screen.findByRole('alertdialog');
    expect(within(error).getByText('Unknown Retrieve Error... Please try again.')).toBeTruthy();
    expect(fetchMock.requestsTo(RESORT)).toHaveLength(1);
    expect(screen.queryByText('Motions sort order saved')).toBeNull();
  });
});

describe('flattenedOrder', () => {
  it('lists each root motion followed by its amendments, depth first', () => {
    const motions = [
      makeMotion({ id: 'a', sort: 0 }),
      makeMotion({ id: 'b', sort: 1 }),
      makeMotion({ id: 'a1', amendment_parent_id: 'a', sort: 0 }),
      makeMotion({ id: 'a1x', amendment_parent_id: 'a1', sort: 0 }),
      makeMotion({ id: 'a2', amendment_parent_id: 'a', sort: 1 }),
    ];
    const [a, b] = motions;
    expect(
      flattenedOrder(
        [b, a].filter((m) => m !== undefined),
        motions,
      ),
    ).toEqual(['b', 'a', 'a1', 'a1x', 'a2']);
  });
});
