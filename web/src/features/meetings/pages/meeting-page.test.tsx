import type { TMeeting, TRetrieveAttendanceReply } from '@gavel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  at,
  makeAttendance,
  makeAttendanceMember,
  makeAttendanceUser,
  makeMeeting,
  makeMeetingCommittee,
  makeRsvp,
} from '@/features/meetings/test-fixtures';
import {
  makeMotion,
  makeAttendance as makePresentAttendance,
  makeVote,
  reply,
} from '@/features/voting/test-fixtures';
import { queryKeys } from '@/lib/query-keys';
import { FakeSocket } from '@/lib/realtime/fake-socket';
import { mockFetch } from '@/test/fetch-mock';
import { makeMe } from '@/test/fixtures';
import { expectLiveTitleAlternating } from '@/test/live-title';
import { renderApp } from '@/test/render';

const sockets: FakeSocket[] = [];
vi.mock('@/lib/realtime/socket', () => ({
  RECONNECT_DELAY_MS: 1_000,
  JOIN_TIMEOUT_MS: 10_000,
  createSocket: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const BASE = '/api/meeting/FIN/M1';
const checkedIn = makeAttendanceMember({
  attendee: {
    id: 'a-1',
    attendee_type: 'membership',
    attendee_id: 'ms-1',
    user_id: 'u-1',
    membership_id: 'ms-1',
    attending_via: 'in_person',
    deleted_at: null,
    checked_in: true,
    checkIns: [{ created_at: at(2026, 11, 24, 9, 0), deleted_at: at(2026, 11, 24, 9, 30) }],
  },
});

function open(
  status: 'planned' | 'in_progress' | 'ended',
  permissions: string[],
  attendance = makeAttendance(),
  meeting: Partial<TMeeting> = {},
  path = '/meeting/FIN/M1',
) {
  const fetchMock = mockFetch({
    'GET /api/me': { body: makeMe({ permissions }) },
    [`GET ${BASE}/retrieve/meeting`]: {
      body: {
        meeting: makeMeeting({ status, ...meeting }),
        committee: makeMeetingCommittee(),
        resources: [],
      },
    },
    [`GET ${BASE}/retrieve/attendance`]: { body: attendance },
  });
  return { ...renderApp(path), fetchMock };
}

/** The meeting page for a runner who is not a member of the committee, with extra answers in `routes`. */
function openAsRunner(meeting: TMeeting, routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'GET /api/me': { body: makeMe({ permissions: ['run meetings'] }) },
    [`GET ${BASE}/retrieve/meeting`]: {
      body: { meeting, committee: makeMeetingCommittee(), resources: [] },
    },
    [`GET ${BASE}/retrieve/attendance`]: {
      body: makeAttendance([makeAttendanceMember({ user_id: 'u-2' })]),
    },
    ...routes,
  });
  return { ...renderApp('/meeting/FIN/M1'), fetchMock };
}

beforeEach(() => {
  sockets.length = 0;
});

describe('MeetingPage that does not exist', () => {
  it('says so and offers the way home instead of a retry that cannot help', async () => {
    mockFetch({
      'GET /api/me': { body: makeMe() },
      'GET /api/meeting/FIN/NOPE/retrieve/meeting': {
        status: 404,
        body: { message: 'Meeting not found.' },
      },
    });
    renderApp('/meeting/FIN/NOPE');
    expect(await screen.findByText('Meeting not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Meeting' })).toBeTruthy();
  });
});

describe('MeetingPage tab title', () => {
  it("names the meeting and its committee, then the product, like every page's", async () => {
    open('planned', []);
    await waitFor(() => expect(document.title).toMatch(/ \| .+ · Gavel$/));
    expect(document.title.startsWith('-- LIVE --')).toBe(false);
  });
});

describe('MeetingPage tab title while live', () => {
  const TITLE = 'November Meeting | Finance Committee · Gavel';
  // The page's one-second clock under the test's control; fetches, toasts and waitFor keep real time.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());
  const nextTick = () => act(() => vi.advanceTimersByTime(1_000));

  it("alternates with the '-- LIVE --' prefix on every even tick while the meeting is in progress", async () => {
    open('in_progress', []);
    // The clock's first tick (1) is odd: the plain title.
    await waitFor(() => expect(document.title).toBe(TITLE));
    expectLiveTitleAlternating(TITLE, nextTick);
  });

  it('keeps the plain title on every tick while the meeting is planned', async () => {
    open('planned', []);
    await waitFor(() => expect(document.title).toBe(TITLE));
    for (let tick = 2; tick <= 5; tick++) {
      nextTick();
      expect(document.title).toBe(TITLE);
    }
  });
});

describe('MeetingPage scroll to an active vote', () => {
  const MOTIONS = `GET ${BASE}/retrieve/motions`;
  afterEach(() => vi.useRealTimers());

  it('scrolls to the voted motion 1 second after its vote becomes active, not before', async () => {
    const { fetchMock, queryClient } = openAsRunner(
      makeMeeting({ status: 'in_progress', actual_start: new Date().toISOString(), show_motions: true }),
      { [MOTIONS]: { body: reply() } },
    );
    const card = await screen.findByRole('article', { name: /Adopt the budget/ });
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    try {
      // From here the page's timeouts wait for the test (its clock has already ticked: the vote counts).
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const active = reply({
        motions: [makeMotion({ motion_vote_id: 'v-1' })],
        votes: [
          makeVote({
            started_at: new Date(Date.now() - 5_000).toISOString(),
            ended_at: new Date(Date.now() + 60_000).toISOString(),
          }),
        ],
      });
      fetchMock.on(MOTIONS, { body: active });
      act(() => {
        queryClient.setQueryData(queryKeys.voting.motions('meeting', 'FIN', 'M1'), active);
      });
      // The page hears of the cache change on the query notifier's next tick, as useQuery's observers do.
      act(() => vi.advanceTimersByTime(0));
      act(() => vi.advanceTimersByTime(999));
      expect(scroll).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(scroll).toHaveBeenCalledTimes(1);
      expect(scroll.mock.contexts[0]).toBe(card);
    } finally {
      scroll.mockRestore();
    }
  });
});

describe('MeetingPage attendance panel choice', () => {
  it('planned: the RSVP panel for those who may modify meeting rsvps', async () => {
    open('planned', ['modify meeting rsvps']);
    expect(await screen.findByRole('combobox', { name: 'RSVP for Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText(/0 attending/)).toBeTruthy();
  });

  it('planned and open: an RSVP editor adds a non-committee member as attending', async () => {
    const grace = {
      id: 'u-9',
      nrds: null,
      first_name: 'Grace',
      last_name: 'Hopper',
      displayed_first_name: 'Grace',
      sort_name: 'Hopper, Grace',
      name: 'Grace Hopper',
      email: 'grace@example.test',
      profile_display_url: null,
    };
    const { fetchMock, user } = open('planned', ['modify meeting rsvps'], makeAttendance(), {
      visibility: 'open',
    });
    fetchMock.on('POST /api/admin/users/list', { body: [grace] });
    fetchMock.on(`POST ${BASE}/user/${grace.id}/planned_attendance`, {
      status: 500,
      body: { message: 'Stop here.' },
    });
    await user.click(await screen.findByRole('button', { name: /Add Non-Committee Member/ }));
    expect(screen.getByText('Search for a user to add to this meeting as attending.')).toBeTruthy();
    await user.type(screen.getByLabelText('Last Name'), 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Add Grace Hopper' }));
    await waitFor(() =>
      expect(fetchMock.requestsTo(`POST ${BASE}/user/${grace.id}/planned_attendance`)[0]?.body).toMatchObject(
        {
          attending: true,
          attending_via: 'in_person',
        },
      ),
    );
    expect(fetchMock.requestsTo(`POST ${BASE}/user/${grace.id}/attendance`)).toHaveLength(0);
  });

  it('planned, committee-only meeting: no adding non-committee members', async () => {
    open('planned', ['modify meeting rsvps'], makeAttendance(), { visibility: 'committee' });
    expect(await screen.findByRole('combobox', { name: 'RSVP for Ada Lovelace' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add Non-Committee Member/ })).toBeNull();
  });

  it('planned: no attendance panel for everyone else', async () => {
    open('planned', []);
    expect(await screen.findByText('No resources available')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Committee Members' })).toBeNull();
  });

  it('in progress: the check-in panel, with the Not Checked In banner for a voting member who is not', async () => {
    open('in_progress', []);
    expect(await screen.findByRole('heading', { name: 'Committee Members' })).toBeTruthy();
    // The signed-in user (u-1) may check themselves in once.
    expect(await screen.findByRole('combobox', { name: 'Check-in for Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText(/0 of 1 member checked in/)).toBeTruthy();
    expect(screen.getByText('Not Checked In')).toBeTruthy();
  });

  it("puts focus on the members panel's title after a member checks in (their control goes)", async () => {
    const { fetchMock, user } = open('in_progress', []);
    const control = await screen.findByRole('combobox', { name: 'Check-in for Ada Lovelace' });
    fetchMock.on(`POST ${BASE}/user/u-1/attendance`, async () => {
      // The select has closed by the time the server answers; a browser then drops focus from its
      // control, disabled while the check-in saves (happy-dom does not).
      await new Promise((resolve) => setTimeout(resolve, 50));
      (document.activeElement as HTMLElement | null)?.blur();
      return {
        body: {
          member: makeAttendanceMember({
            attendee: checkedIn.attendee && {
              ...checkedIn.attendee,
              deleted_at: null,
              checkIns: [{ created_at: at(2026, 11, 24, 9, 0), deleted_at: null }],
            },
          }),
          user: makeAttendanceUser(),
        },
      };
    });
    await user.click(control);
    await user.click(await screen.findByRole('option', { name: 'In Person' }));
    expect(await screen.findByText('Ada Lovelace Attendance Set')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: 'Check-in for Ada Lovelace' })).toBeNull(),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Committee Members' })),
    );
  });

  it('ended: the check-in ranges with minutes', async () => {
    open('ended', ['modify meeting rsvps'], makeAttendance([checkedIn]));
    expect(await screen.findByText('9:00 AM - 9:30 AM (30 minutes)')).toBeTruthy();
    expect(screen.getByText('Meeting Ended')).toBeTruthy();
  });
});

describe('MeetingPage leave confirmation', () => {
  it('asks before leaving a meeting in progress, but not for a motion edit link of this meeting', async () => {
    const { router } = open('in_progress', []);
    expect(await screen.findByRole('heading', { name: 'Committee Members' })).toBeTruthy();
    await act(() => router.navigate('/admin/committee/FIN/meeting/M1/motion/mo-1'));
    expect(router.state.location.pathname).toBe('/admin/committee/FIN/meeting/M1/motion/mo-1');
    await act(() => router.navigate('/meeting/FIN/M1'));
    expect(router.state.location.pathname).toBe('/meeting/FIN/M1');
    await act(() => router.navigate('/admin'));
    expect(await screen.findByRole('alertdialog', { name: 'Leave Meeting' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/meeting/FIN/M1');
  });

  it("asks 'Are you sure you want to leave this meeting?', and leaves once confirmed", async () => {
    const { router, user } = open('in_progress', []);
    expect(await screen.findByRole('heading', { name: 'Committee Members' })).toBeTruthy();
    await act(() => router.navigate('/admin'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave Meeting' });
    expect(within(dialog).getByText('Are you sure you want to leave this meeting?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});

describe('MeetingPage moved to a new address', () => {
  it('follows the meeting in progress to its new code without asking to leave', async () => {
    const { router } = open('in_progress', []);
    await screen.findByRole('heading', { name: 'Committee Members' });
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket');
    await act(async () => socket.fire('connect'));
    await act(async () =>
      socket.fire('gavel', {
        channel: 'meeting.mt-1',
        kind: 'page.reload',
        payload: { reason: 'meeting.moved', path: '/meeting/FIN/M2' },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/meeting/FIN/M2'));
    expect(screen.queryByRole('alertdialog', { name: 'Leave Meeting' })).toBeNull();
  });
});

describe('MeetingPage live layer', () => {
  it('joins the meeting channel and applies attendance broadcasts to the cache', async () => {
    const { queryClient } = open('in_progress', ['modify meeting attendance']);
    await screen.findByRole('heading', { name: 'Committee Members' });
    const socket = sockets[0];
    if (!socket) throw new Error('no socket');
    await act(async () => socket.fire('connect'));
    expect(socket.joins).toEqual([{ type: 'meeting', committee_code: 'FIN', meeting_code: 'M1' }]);
    const attendee = checkedIn.attendee;
    if (!attendee) throw new Error('fixture has no attendee');
    const member = {
      ...checkedIn,
      attendee: {
        ...attendee,
        checkIns: [{ created_at: at(2026, 11, 24, 9, 0), deleted_at: null }],
      },
    };
    await act(async () =>
      socket.fire('gavel', {
        channel: 'meeting.mt-1',
        kind: 'attendee.updated',
        payload: { member, user: makeAttendance().users[0] },
      }),
    );
    const cached = queryClient.getQueryData<TRetrieveAttendanceReply>(
      queryKeys.meetings.attendance('FIN', 'M1'),
    );
    expect(cached?.members[0]?.attendee?.checkIns[0]?.deleted_at).toBeNull();
    await waitFor(() => expect(screen.getByText(/1 of 1 member checked in/)).toBeTruthy());
    const list = screen.getByRole('list', { name: 'Members' });
    expect(within(list).getByText('Ada Lovelace')).toBeTruthy();
  });
});

describe('MeetingPage unknown realtime messages', () => {
  it('shows a runner a message of a kind this client does not know', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    open('in_progress', ['run meetings']);
    await screen.findByRole('heading', { name: 'Committee Members' });
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket');
    await act(async () => socket.fire('connect'));
    await act(async () =>
      socket.fire('gavel', { channel: 'meeting.mt-1', kind: 'poll.opened', payload: {} }),
    );
    expect(await screen.findByText('Unknown realtime message: poll.opened')).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('MeetingPage start and end', () => {
  const openRunner = (
    meeting: Parameters<typeof makeMeeting>[0],
    start: { status?: number; body?: unknown },
  ) => openAsRunner(makeMeeting(meeting), { 'PUT /api/admin/committee/FIN/meeting/M1/start': start });

  it('offers Start Meeting only on the day, and starts after the confirmation', async () => {
    const { user, fetchMock } = openRunner(
      { is_today: true },
      { body: makeMeeting({ status: 'in_progress', actual_start: at(2026, 11, 24, 9, 0), is_today: true }) },
    );
    await user.click(await screen.findByRole('button', { name: 'Start Meeting' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Start Meeting' }));
    expect(await screen.findByText('Meeting Started!')).toBeTruthy();
    expect(fetchMock.requestsTo('PUT /api/admin/committee/FIN/meeting/M1/start')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'End Meeting' })).toBeTruthy();
    expect(screen.getByText('Meeting In Progress')).toBeTruthy();
  });

  it('shows the failure with the fallback text when the server gives none', async () => {
    const { user } = openRunner({ is_today: true }, { status: 422, body: { message: '' } });
    await user.click(await screen.findByRole('button', { name: 'Start Meeting' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start Meeting' }),
    );
    expect(await screen.findByText('Error Starting Meeting!')).toBeTruthy();
    expect(screen.getByText('Unknown Error... Please try again.')).toBeTruthy();
  });

  it('puts focus on the banner once the meeting has started (Start Meeting is gone)', async () => {
    const { user } = openRunner(
      { is_today: true },
      { body: makeMeeting({ status: 'in_progress', actual_start: at(2026, 11, 24, 9, 0), is_today: true }) },
    );
    await user.click(await screen.findByRole('button', { name: 'Start Meeting' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Start Meeting' }));
    expect(await screen.findByText('Meeting Started!')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Meeting In Progress'));
  });

  it('gives focus back to Start Meeting after its error is dismissed', async () => {
    const { user } = openRunner({ is_today: true }, { status: 422, body: { message: '' } });
    const startButton = await screen.findByRole('button', { name: 'Start Meeting' });
    await user.click(startButton);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Start Meeting' }),
    );
    const error = await screen.findByRole('alertdialog', { name: 'Error Starting Meeting!' });
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.activeElement).toBe(startButton));
  });

  it('hides Start Meeting when the meeting is not today', async () => {
    openRunner({ is_today: false }, {});
    await screen.findByText('No resources available');
    expect(screen.queryByRole('button', { name: 'Start Meeting' })).toBeNull();
  });
});

describe('MeetingPage End Meeting', () => {
  it('puts focus on the banner once the meeting has ended (End Meeting is gone)', async () => {
    const meeting = makeMeeting({ status: 'in_progress', actual_start: new Date().toISOString() });
    const { user } = openAsRunner(meeting, {
      'PUT /api/admin/committee/FIN/meeting/M1/end': {
        body: { ...meeting, status: 'ended', end: new Date().toISOString() },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'End Meeting' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'End Meeting' }));
    expect(await screen.findByText('Meeting Ended!')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Meeting Ended'));
  });

  it('is disabled while a vote is active', async () => {
    const { queryClient } = openAsRunner(
      makeMeeting({ status: 'in_progress', actual_start: new Date().toISOString() }),
    );
    const end = await screen.findByRole('button', { name: 'End Meeting' });
    expect((end as HTMLButtonElement).disabled).toBe(false);
    act(() => {
      queryClient.setQueryData(queryKeys.voting.motions('meeting', 'FIN', 'M1'), {
        motions: [],
        responses: [],
        votes: [
          {
            id: 'v1',
            motion_id: 'm1',
            started_at: new Date(Date.now() - 5_000).toISOString(),
            ended_at: new Date(Date.now() + 60_000).toISOString(),
          },
        ],
      });
    });
    // The active vote counts from the clock's first tick (spec: "time key above 0").
    await waitFor(
      () =>
        expect((screen.getByRole('button', { name: 'End Meeting' }) as HTMLButtonElement).disabled).toBe(
          true,
        ),
      {
        timeout: 2_500,
      },
    );
  });
});

describe("MeetingPage 'In-meeting voting'", () => {
  it.each([
    [false, 'In-meeting voting is off for this meeting.'],
    [true, 'Voting Active'],
  ])('with the switch %s, the voting status says %s', async (inMeetingVoting, status) => {
    openAsRunner(
      makeMeeting({ status: 'in_progress', show_motions: true, in_meeting_voting: inMeetingVoting }),
      {
        [`GET ${BASE}/retrieve/motions`]: { body: reply() },
        // The chair and two members checked in: quorum met, chair present.
        [`GET ${BASE}/retrieve/attendance`]: { body: makePresentAttendance() },
      },
    );
    expect(await screen.findByText(status)).toBeTruthy();
  });
});

describe('MeetingPage: the own RSVP', () => {
  it('asks to RSVP Now on the meeting page, but not on the RSVP page, which shows the RSVP card', async () => {
    const view = open('planned', []);
    expect(await screen.findByRole('link', { name: 'RSVP Now' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your RSVP' })).toBeNull();
    view.unmount();
    open('planned', [], makeAttendance(), {}, '/meeting/FIN/M1/rsvp');
    expect(await screen.findByRole('group', { name: 'Your RSVP' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'RSVP Now' })).toBeNull();
    expect(screen.queryByText('You have not responded to this meeting yet.')).toBeNull();
  });

  it('shows a member who has answered their RSVP on the meeting page, to change it, without taking focus', async () => {
    const answered = makeAttendanceMember({
      rsvp: makeRsvp(),
    });
    open('planned', [], makeAttendance([answered]));
    const card = await screen.findByRole('group', { name: 'Your RSVP' });
    expect(
      within(card).getByRole('button', { name: 'Attending In Person' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.queryByRole('link', { name: 'RSVP Now' })).toBeNull();
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Your RSVP' }));
  });

  it('puts focus on the RSVP card after RSVP Now (the link goes with its alert)', async () => {
    const { user } = open('planned', []);
    await user.click(await screen.findByRole('link', { name: 'RSVP Now' }));
    expect(await screen.findByRole('group', { name: 'Your RSVP' })).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your RSVP' })),
    );
  });

  it('gives focus back to the choice pressed once the choices are enabled again', async () => {
    const { fetchMock, user } = open('planned', [], makeAttendance(), {}, '/meeting/FIN/M1/rsvp');
    fetchMock.on(`POST ${BASE}/user/u-1/planned_attendance`, () => {
      // A browser drops focus from the choice disabled while the RSVP saves (happy-dom does not).
      (document.activeElement as HTMLElement | null)?.blur();
      return {
        body: {
          member: makeAttendanceMember({
            rsvp: makeRsvp({ attending: false, attending_via: null }),
          }),
          user: makeAttendanceUser(),
        },
      };
    });
    const notAttending = await screen.findByRole('button', { name: 'Not Attending' });
    await user.click(notAttending);
    expect(await screen.findByText('Ada Lovelace RSVP Response Set')).toBeTruthy();
    await waitFor(() => expect(notAttending.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(notAttending));
  });

  it('asks a non-member to RSVP Now to an open meeting, and sends their own RSVP', async () => {
    const someoneElse = makeAttendance([makeAttendanceMember({ user_id: 'u-2', name: 'Grace Hopper' })]);
    const view = open('planned', [], someoneElse, { visibility: 'open' });
    expect(await screen.findByRole('link', { name: 'RSVP Now' })).toBeTruthy();
    view.unmount();
    const { fetchMock, user } = open(
      'planned',
      [],
      someoneElse,
      { visibility: 'open' },
      '/meeting/FIN/M1/rsvp',
    );
    fetchMock.on(`POST ${BASE}/user/u-1/planned_attendance`, () => ({
      body: {
        member: makeAttendanceMember({ is_member: false, membership: null, rsvp: makeRsvp() }),
        user: makeAttendanceUser(),
      },
    }));
    await user.click(await screen.findByRole('button', { name: 'Attending In Person' }));
    expect(await screen.findByText('Ada Lovelace RSVP Response Set')).toBeTruthy();
  });

  it('asks nothing of a non-member of a committee-only meeting (they may not RSVP to it)', async () => {
    const someoneElse = makeAttendance([makeAttendanceMember({ user_id: 'u-2', name: 'Grace Hopper' })]);
    // With the planned attendance panel, which shows once the list has loaded.
    open(
      'planned',
      ['modify meeting rsvps'],
      someoneElse,
      { visibility: 'committee' },
      '/meeting/FIN/M1/rsvp',
    );
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'RSVP Now' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Your RSVP' })).toBeNull();
  });
});
