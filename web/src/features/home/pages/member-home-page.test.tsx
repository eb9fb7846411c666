import type { Permission, TMyAppointment, TMyMeeting, TMyVote } from '@gavel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOME_TEXT } from '@/features/home/home-rules';
import { NO_APPOINTMENTS } from '@/features/home/pages/member-home-page';
import { makeMyMeeting, makeMyVote } from '@/features/home/test-fixtures';
import { at } from '@/features/meetings/test-fixtures';
import { type FetchMock, mockFetch } from '@/test/fetch-mock';
import { makeMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const tentative: TMyAppointment = {
  id: 'm-1',
  position: 'Member',
  appointment_status: 'Tentative',
  committee: { name: 'Finance Committee', code: 'FIN' },
  demographic: 'North',
  is_voting: true,
};
const accepted: TMyAppointment = {
  ...tentative,
  id: 'm-2',
  appointment_status: 'Accepted',
  committee: { name: 'Budget Committee', code: 'BUD' },
  demographic: null,
  is_voting: false,
};

function open(
  mine: TMyAppointment[],
  lists: { meetings?: TMyMeeting[]; votes?: TMyVote[] } = {},
  extra: Record<string, Parameters<FetchMock['on']>[1]> = {},
) {
  const fetchMock = mockFetch({
    'GET /api/me': { body: makeMe() },
    'GET /api/me/committees': { body: mine },
    'GET /api/me/meetings': { body: lists.meetings ?? [] },
    'GET /api/me/votes': { body: lists.votes ?? [] },
    ...extra,
  });
  return { ...renderApp('/'), fetchMock };
}

const HOUR = 3600_000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('Member home', () => {
  it("lists the member's committees with position and status; answers only tentative ones", async () => {
    open([tentative, accepted]);
    const list = await screen.findByRole('list', { name: 'My committees' });
    const [fin, bud] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(fin.textContent).toContain('Member · North · Voting member');
    expect(within(fin).getByRole('button', { name: 'Accept Finance Committee' })).toBeTruthy();
    expect(bud.textContent).toContain('Accepted');
    expect(bud.textContent).toContain('Non-voting');
    expect(within(bud).queryByRole('button')).toBeNull();
  });

  it('shows the empty text', async () => {
    open([]);
    expect(await screen.findByText(NO_APPOINTMENTS)).toBeTruthy();
  });

  it('accepts after the confirmation, sends nothing on cancel, and reloads', async () => {
    const { user, fetchMock } = open([tentative]);
    fetchMock.on('PUT /api/me/appointments/m-1', { body: { ...tentative, appointment_status: 'Accepted' } });
    await user.click(await screen.findByRole('button', { name: 'Decline Finance Committee' }));
    expect(await screen.findByText('Decline your appointment as Member of Finance Committee?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.requestsTo('PUT /api/me/appointments/m-1')).toHaveLength(0);

    fetchMock.on('GET /api/me/committees', { body: [{ ...tentative, appointment_status: 'Accepted' }] });
    await user.click(screen.getByRole('button', { name: 'Accept Finance Committee' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchMock.requestsTo('PUT /api/me/appointments/m-1')).toHaveLength(1));
    expect(fetchMock.requestsTo('PUT /api/me/appointments/m-1')[0]?.body).toEqual({ decision: 'Accept' });
    expect(await screen.findByText('Saved')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Accept Finance Committee' })).toBeNull(),
    );
  });

  it('gives focus back to the answer button when the question is dismissed with Escape', async () => {
    const { user } = open([tentative]);
    const accept = await screen.findByRole('button', { name: 'Accept Finance Committee' });
    await user.click(accept);
    await screen.findByRole('alertdialog', { name: 'Confirm Action' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(accept));
  });

  it.each([
    ['Accept', 'Accepted'],
    ['Decline', 'Declined'],
  ] as const)(
    'puts focus on the row, with its new status, after %s (the buttons are gone)',
    async (decision, status) => {
      const { user, fetchMock } = open([tentative, accepted]);
      const answered = { ...tentative, appointment_status: status };
      fetchMock.on('PUT /api/me/appointments/m-1', () => {
        // A browser drops focus from the button disabled while the answer is saved (jsdom does not).
        (document.activeElement as HTMLElement | null)?.blur();
        fetchMock.on('GET /api/me/committees', { body: [answered, accepted] });
        return { body: answered };
      });
      await user.click(await screen.findByRole('button', { name: `${decision} Finance Committee` }));
      await user.click(await screen.findByRole('button', { name: 'Confirm' }));
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: `${decision} Finance Committee` })).toBeNull(),
      );
      const row = within(screen.getByRole('list', { name: 'My committees' })).getAllByRole('listitem')[0];
      await waitFor(() => expect(document.activeElement).toBe(row));
      expect(row?.textContent).toContain(status);
    },
  );

  it("shows the server's refusal, else the fallback", async () => {
    const { user, fetchMock } = open([tentative]);
    fetchMock.on('PUT /api/me/appointments/m-1', { status: 500, body: {} });
    await user.click(await screen.findByRole('button', { name: 'Accept Finance Committee' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Unknown Save Error... Please try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    // Answered in another session meanwhile: the refusal shows, and the reloaded list drops the buttons.
    fetchMock.on('PUT /api/me/appointments/m-1', {
      status: 422,
      body: { message: 'Only a tentative appointment can be accepted or declined.' },
    });
    fetchMock.on('GET /api/me/committees', { body: [{ ...tentative, appointment_status: 'Accepted' }] });
    await user.click(screen.getByRole('button', { name: 'Accept Finance Committee' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Only a tentative appointment can be accepted or declined.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Accept Finance Committee' })).toBeNull(),
    );
  });
});

describe('Member home: upcoming meetings', () => {
  const planned = makeMyMeeting({
    meeting: {
      id: 'mt-1',
      code: 'M1',
      name: 'November Meeting',
      start: at(2026, 11, 24, 9),
      end: at(2026, 11, 24, 11),
    },
  });
  const answered = makeMyMeeting({
    meeting: {
      id: 'mt-2',
      code: 'M2',
      name: 'December Meeting',
      start: at(2026, 12, 1, 9),
      end: at(2026, 12, 1, 11),
    },
    rsvp: { attending: true, attending_via: 'in_person' },
  });
  const live = makeMyMeeting({
    committee: { id: 'c-2', code: 'BRD', name: 'Board of Directors', year: 2026 },
    is_member: false,
    meeting: {
      id: 'mt-3',
      code: 'B1',
      name: 'Board Meeting',
      status: 'in_progress',
      allow_remote: true,
      video_provider: 'static',
    },
  });

  it('lists each meeting with its committee, date, RSVP and calls to action', async () => {
    open(
      [],
      { meetings: [planned, answered, live] },
      {
        'GET /api/meeting/BRD/B1/join': {
          body: { join_url: 'https://video.example/b1', fallback: false },
        },
      },
    );
    const list = await screen.findByRole('list', { name: 'Upcoming Meetings' });
    const [first, second, third] = within(list).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(within(first).getByRole('link', { name: 'November Meeting' }).getAttribute('href')).toBe(
      '/meeting/FIN/M1',
    );
    expect(first.textContent).toContain('Finance Committee');
    expect(first.textContent).toContain('11/24/2026 9:00 AM - 11:00 AM');
    expect(first.textContent).toContain('Planned');
    expect(
      within(first)
        .getByRole('link', { name: `${HOME_TEXT.rsvpToday}: November Meeting` })
        .getAttribute('href'),
    ).toBe('/meeting/FIN/M1/rsvp');
    expect(
      within(first)
        .getByRole('link', { name: `${HOME_TEXT.viewMeeting}: November Meeting` })
        .getAttribute('href'),
    ).toBe('/meeting/FIN/M1');

    // Answered: the RSVP instead of the call to answer it.
    expect(second.textContent).toContain('Your RSVP: Attending In Person');
    expect(within(second).queryByRole('link', { name: /RSVP Today/ })).toBeNull();

    // In progress and remote: the join link, fetched for that meeting only.
    expect(third.textContent).toContain('In Progress');
    expect(third.textContent).toContain('Board of Directors · Guest');
    const join = await within(third).findByRole('link', { name: HOME_TEXT.join });
    expect(join.getAttribute('href')).toBe('https://video.example/b1');
    expect(within(first).queryByRole('link', { name: HOME_TEXT.join })).toBeNull();
  });

  it('opens the meeting page from the list', async () => {
    const { user, router } = open(
      [],
      { meetings: [planned] },
      {
        'GET /api/meeting/FIN/M1/retrieve/meeting': { status: 404, body: { message: 'Meeting not found.' } },
        'GET /api/meeting/FIN/M1/retrieve/attendance': {
          status: 404,
          body: { message: 'Meeting not found.' },
        },
        'GET /api/meeting/FIN/M1/retrieve/motions': { status: 404, body: { message: 'Meeting not found.' } },
      },
    );
    await user.click(await screen.findByRole('link', { name: `${HOME_TEXT.viewMeeting}: November Meeting` }));
    expect(router.state.location.pathname).toBe('/meeting/FIN/M1');
  });

  it('shows the empty text, and a failed load with a retry', async () => {
    const { fetchMock, user } = open([], {}, { 'GET /api/me/meetings': { status: 500, body: {} } });
    const card = await screen.findByRole('region', { name: 'Upcoming Meetings' });
    expect(await within(card).findByText('Unknown Retrieve Error... Please try again.')).toBeTruthy();
    fetchMock.on('GET /api/me/meetings', { body: [] });
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText(HOME_TEXT.noMeetings)).toBeTruthy();
  });

  it('shows a loading state until the list arrives', async () => {
    let answer: (value: { body: TMyMeeting[] }) => void = () => undefined;
    open(
      [],
      {},
      {
        'GET /api/me/meetings': () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
    );
    const card = await screen.findByRole('region', { name: 'Upcoming Meetings' });
    expect(within(card).getByRole('status').textContent).toContain('Loading');
    answer({ body: [planned] });
    expect(await within(card).findByRole('link', { name: 'November Meeting' })).toBeTruthy();
  });
});

describe('Member home: open votes', () => {
  const open1 = makeMyVote({
    id: 'ev-1',
    code: 'EV1',
    name: 'Bylaws Ballot',
    start: fromNow(-HOUR),
    end: fromNow(24 * HOUR),
  });
  const done = makeMyVote({
    id: 'ev-2',
    code: 'EV2',
    name: 'Budget Ballot',
    start: fromNow(-HOUR),
    end: fromNow(24 * HOUR),
    motions_to_vote_count: 0,
  });
  const later = makeMyVote({
    id: 'ev-3',
    code: 'EV3',
    name: 'Officers Ballot',
    phase: 'planned',
    start: fromNow(48 * HOUR),
    end: fromNow(72 * HOUR),
  });

  it("offers 'Cast Vote' while open with motions left, 'View Vote' otherwise, with dates and progress", async () => {
    open([], { votes: [open1, done, later] });
    const list = await screen.findByRole('list', { name: 'Open Votes' });
    const [first, second, third] = within(list).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(within(first).getByRole('link', { name: 'Bylaws Ballot' }).getAttribute('href')).toBe(
      '/vote/FIN/EV1',
    );
    expect(
      within(first)
        .getByRole('link', { name: `${HOME_TEXT.castVote}: Bylaws Ballot` })
        .getAttribute('href'),
    ).toBe('/vote/FIN/EV1');
    expect(first.textContent).toContain('In Progress');
    expect(first.textContent).toContain('2 of 3 motions awaiting your vote');
    expect(first.textContent).toMatch(
      /\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M - \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M/,
    );

    expect(within(second).getByRole('link', { name: `${HOME_TEXT.viewVote}: Budget Ballot` })).toBeTruthy();
    expect(second.textContent).toContain('You have voted on every motion');

    expect(third.textContent).toContain('Planned');
    expect(
      within(third)
        .getByRole('link', { name: `${HOME_TEXT.viewVote}: Officers Ballot` })
        .getAttribute('href'),
    ).toBe('/vote/FIN/EV3');
    expect(within(list).queryAllByRole('link', { name: /Cast Vote/ })).toHaveLength(1);
  });

  it('shows the empty text and the server message of a failed load', async () => {
    const { fetchMock, user } = open(
      [],
      {},
      {
        'GET /api/me/votes': { status: 503, body: { message: 'Voting is unavailable.' } },
      },
    );
    const card = await screen.findByRole('region', { name: 'Open Votes' });
    expect(await within(card).findByText('Voting is unavailable.')).toBeTruthy();
    fetchMock.on('GET /api/me/votes', { body: [] });
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText(HOME_TEXT.noVotes)).toBeTruthy();
  });

  it('reloads meetings and votes after declining an appointment', async () => {
    const tentative2: TMyAppointment = { ...tentative, id: 'm-9' };
    const { user, fetchMock } = open([tentative2], { votes: [open1] });
    fetchMock.on('PUT /api/me/appointments/m-9', { body: { ...tentative2, appointment_status: 'Declined' } });
    await screen.findByRole('link', { name: 'Bylaws Ballot' });
    fetchMock.on('GET /api/me/votes', { body: [] });
    await user.click(screen.getByRole('button', { name: 'Decline Finance Committee' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(HOME_TEXT.noVotes)).toBeTruthy();
    expect(fetchMock.requestsTo('GET /api/me/meetings').length).toBeGreaterThan(1);
  });
});

describe('Member home: the Admin button', () => {
  function openAs(permissions: Permission[]) {
    mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions }) },
      'GET /api/me/committees': { body: [] },
      'GET /api/me/meetings': { body: [] },
      'GET /api/me/votes': { body: [] },
    });
    return renderApp('/');
  }

  it.each<Permission>(['modify appointment acceptances', 'create committees', 'view any meeting'])(
    'links to /admin for one holding %j',
    async (permission) => {
      openAs([permission]);
      const page = await screen.findByRole('region', { name: /Welcome/ });
      expect(within(page).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    },
  );

  it('is not there for a plain member', async () => {
    openAs([]);
    const page = await screen.findByRole('region', { name: /Welcome/ });
    expect(await within(page).findByText(NO_APPOINTMENTS)).toBeTruthy();
    expect(within(page).queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
