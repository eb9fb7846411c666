import type { TAppointmentGroup, TAppointmentStatus, TMe } from '@gavel/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APPOINTMENTS_FORBIDDEN } from '@/features/appointments/pages/appointments-dashboard-page';
import { captureDownload } from '@/test/capture-download';
import { mockFetch, type SeenRequest } from '@/test/fetch-mock';
import { makeAppointment, makeAppointmentGroup, makeMe, makeYears } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const ME = 'GET /api/me';
const YEARS = 'GET /api/admin/years';
const DASHBOARD = 'GET /api/admin/appointments/dashboard/2026';

const FIN = { name: 'Finance Committee', code: 'FIN' };
const BUD = { name: 'Budget Committee', code: 'BUD' };

/** Three users, deliberately out of order: Hopper, Lovelace, Babbage. */
function groups(): TAppointmentGroup[] {
  return [
    makeAppointmentGroup({
      user: {
        id: 'u-2',
        nrds: '222333444',
        first_name: 'Grace',
        displayed_first_name: 'Grace',
        last_name: 'Hopper',
        name: 'Grace Hopper',
        email: 'grace@example.org',
      },
      appointments: [
        makeAppointment({ id: 'm-1', committee: FIN, position: 'Member', appointment_status: 'Tentative' }),
        makeAppointment({ id: 'm-2', committee: BUD, position: 'Chair', appointment_status: 'Accepted' }),
      ],
    }),
    makeAppointmentGroup({
      user: {
        id: 'u-1',
        nrds: '111222333',
        first_name: 'Augusta',
        displayed_first_name: 'Ada',
        nickname: 'Countess',
        last_name: 'Lovelace',
        name: 'Ada Lovelace',
        email: 'ada@example.org',
      },
      appointments: [
        makeAppointment({ id: 'm-3', committee: FIN, position: 'Chair', appointment_status: 'Declined' }),
      ],
    }),
    makeAppointmentGroup({
      user: {
        id: 'u-3',
        nrds: '999888777',
        first_name: 'Charles',
        displayed_first_name: 'Charles',
        last_name: 'Babbage',
        name: 'Charles Babbage',
        email: 'charles@example.org',
      },
      appointments: [
        makeAppointment({ id: 'm-4', committee: BUD, position: 'Member', appointment_status: 'Tentative' }),
      ],
    }),
  ];
}

const DECIDER = makeMe({ permissions: ['modify appointment acceptances', 'edit committees'] });
const DECIDER_ONLY = makeMe({ permissions: ['modify appointment acceptances'] });
const VIEWER = makeMe({ permissions: ['edit committees'] });

function open(
  path = '/admin/appointments/2026',
  { me = DECIDER, routes = {} }: { me?: TMe; routes?: Parameters<typeof mockFetch>[0] } = {},
) {
  const fetchMock = mockFetch({
    [ME]: { body: me },
    [YEARS]: { body: makeYears(2026, 2) },
    [DASHBOARD]: { body: groups() },
    ...routes,
  });
  return { ...renderApp(path), fetchMock };
}

async function openLoaded(...args: Parameters<typeof open>) {
  const app = open(...args);
  await screen.findByRole('list', { name: 'Appointments by user' });
  return app;
}

/** The users shown, in order. */
function shownUsers(): string[] {
  const list = screen.queryByRole('list', { name: 'Appointments by user' });
  if (!list) return [];
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '');
}

/** The appointment rows shown, as 'committee, position, status'. */
function shownRows(): string[] {
  return [...document.querySelectorAll<HTMLElement>('[data-href]')].map((row) => {
    const [committee, position] = [...row.children].map((cell) => cell.textContent);
    const status = row.querySelector('[data-slot="badge"]')?.textContent;
    return `${committee}, ${position}, ${status}`;
  });
}

function rowOf(committee: string, within_: HTMLElement): HTMLElement {
  const rows = [...within_.querySelectorAll<HTMLElement>('[data-href]')];
  const row = rows.find((r) => r.firstElementChild?.textContent === committee);
  if (!row) throw new Error(`No row for ${committee}`);
  return row;
}

function decisionGroup(user: string, committee: string, position: string) {
  return screen.getByRole('group', { name: `Status of ${user} on ${committee} (${position})` });
}

async function choose(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('AppointmentsDashboardPage: year', () => {
  it('shows a big year a page of users at a time; a filter starts again from the first page', async () => {
    const many = Array.from({ length: 130 }, (_, i) => {
      const n = String(i + 1).padStart(3, '0');
      return makeAppointmentGroup({
        user: { id: `u-${n}`, first_name: 'Delegate', last_name: `Number${n}`, name: `Delegate Number${n}` },
        appointments: [makeAppointment({ id: `m-${n}`, committee: FIN })],
      });
    });
    const { user } = await openLoaded('/admin/appointments/2026', {
      me: VIEWER,
      routes: { [DASHBOARD]: { body: many } },
    });
    expect(shownUsers()).toHaveLength(100);
    expect(screen.getByText('Showing 100 of 130 users')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more users' }));
    expect(shownUsers()).toHaveLength(130);
    await user.type(screen.getByLabelText('First name'), 'deleg');
    expect(shownUsers()).toHaveLength(100);
    await user.type(screen.getByLabelText('Last name'), 'number042');
    expect(shownUsers()).toEqual(['Delegate Number042']);
    expect(screen.queryByRole('button', { name: 'Show more users' })).toBeNull();
  }, 20_000);

  it('replaces /admin/appointments with the current year', async () => {
    const { router } = open('/admin/appointments');
    await screen.findByRole('list', { name: 'Appointments by user' });
    expect(router.state.location.pathname).toBe('/admin/appointments/2026');
    expect(router.state.historyAction).toBe('REPLACE');
    // No year was asked for: nothing to say is missing.
    expect(screen.queryByText(/There is no year/)).toBeNull();
  });

  it('replaces a year that is not in the list, and falls back to the first year without a current one', async () => {
    const { router } = open('/admin/appointments/1999', {
      routes: {
        [YEARS]: {
          body: [
            { year: 2027, is_current: false },
            { year: 2026, is_current: false },
          ],
        },
        'GET /api/admin/appointments/dashboard/2027': { body: [] },
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/appointments/2027'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('There is no year 1999: showing 2027.')).toBeTruthy();
    expect(
      await screen.findByText('No users are required to accept a committee appointments at this time.'),
    ).toBeTruthy();
  });

  it('shows the calendar year, without a year selector, when the association has no years (term-based committees only)', async () => {
    const thisYear = new Date().getFullYear();
    const { router } = open('/admin/appointments', {
      routes: {
        [YEARS]: { body: [] },
        [`GET /api/admin/appointments/dashboard/${thisYear}`]: { body: groups() },
      },
    });
    await screen.findByRole('list', { name: 'Appointments by user' });
    expect(router.state.location.pathname).toBe(`/admin/appointments/${thisYear}`);
    expect(shownUsers()).toEqual(['Charles Babbage', 'Grace Hopper', 'Ada Lovelace']);
    expect(screen.queryByRole('combobox', { name: 'Year' })).toBeNull();
  });

  it('keeps a year of the list, and the year selector tags the current year and navigates (push)', async () => {
    const { router, user, fetchMock } = await openLoaded('/admin/appointments/2026', {
      routes: { 'GET /api/admin/appointments/dashboard/2025': { body: [] } },
    });
    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    expect(await screen.findByRole('option', { name: '2026 (current)' })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: '2025' }));

    expect(router.state.location.pathname).toBe('/admin/appointments/2025');
    expect(router.state.historyAction).toBe('PUSH');
    expect(
      await screen.findByText('No users are required to accept a committee appointments at this time.'),
    ).toBeTruthy();
    expect(fetchMock.requestsTo('GET /api/admin/appointments/dashboard/2025')).toHaveLength(1);

    await router.navigate(-1);
    await screen.findByRole('list', { name: 'Appointments by user' });
    expect(router.state.location.pathname).toBe('/admin/appointments/2026');
  });
});

describe('AppointmentsDashboardPage: list', () => {
  it('groups appointments per user, sorted by last name, with photo link, email link and committee links', async () => {
    const { router, user } = await openLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Appointments' })).toBeTruthy();
    expect(shownUsers()).toEqual(['Charles Babbage', 'Grace Hopper', 'Ada Lovelace']);

    const hopper = screen.getByRole('listitem', { name: 'Grace Hopper' });
    expect(
      within(hopper)
        .getByRole('link', { name: /grace@example.org/ })
        .getAttribute('href'),
    ).toBe('mailto:grace@example.org');
    const avatar = within(hopper).getByRole('link', { name: 'Grace Hopper (edit user, opens in a new tab)' });
    expect(avatar.getAttribute('href')).toBe('/admin/users/u-2/edit');
    expect(avatar.getAttribute('target')).toBe('_blank');
    expect(within(hopper).getByRole('link', { name: 'Budget Committee' }).getAttribute('href')).toBe(
      '/admin/committee/BUD?year=2026',
    );

    // The whole row follows the committee link; it is no button itself, since it holds the decision buttons.
    const row = rowOf('Finance Committee', hopper);
    expect(row.closest('[role="button"]')).toBeNull();
    expect(
      within(hopper)
        .getAllByRole('button')
        .every((b) => b.closest('[data-href]') !== b),
    ).toBe(true);
    await user.click(within(row).getByText('Member'));
    expect(router.state.location.pathname).toBe('/admin/committee/FIN');
    expect(router.state.location.search).toBe('?year=2026');
  });

  it('shows the empty text when nobody has an appointment', async () => {
    open('/admin/appointments/2026', { routes: { [DASHBOARD]: { body: [] } } });
    expect(
      await screen.findByText('No users are required to accept a committee appointments at this time.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'CSV Export' })).toBeNull();
  });

  it.each([
    ['Dashboard is unavailable.', 'Dashboard is unavailable.'],
    ['', 'Unknown Retrieve Error... Please try again.'],
  ])('shows a failed load (message %j) with a retry', async (message, shown) => {
    let fail = true;
    const { user } = open('/admin/appointments/2026', {
      routes: { [DASHBOARD]: () => (fail ? { status: 500, body: { message } } : { body: groups() }) },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(shown)).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Appointments by user' })).toBeTruthy();
  });
});

describe('AppointmentsDashboardPage: permission', () => {
  it('offers Email All and the decision buttons with "modify appointment acceptances"', async () => {
    const { user } = await openLoaded();
    expect(screen.getByRole('link', { name: 'Email All' })).toBeTruthy();
    const buttons = within(decisionGroup('Grace Hopper', 'Finance Committee', 'Member')).getAllByRole(
      'button',
    );
    expect(buttons.map((b) => b.textContent)).toEqual(['Accept', 'Tentative', 'Decline']);
    // The current status (Tentative) is the pressed (selected) one, not a disabled-looking one;
    // choosing it again asks nothing.
    expect(buttons.map((b) => [b.getAttribute('aria-disabled'), b.getAttribute('aria-pressed')])).toEqual([
      ['false', 'false'],
      ['false', 'true'],
      ['false', 'false'],
    ]);
    const tentative = buttons[1] as HTMLElement;
    expect(tentative.className).not.toMatch(/(^|\s)opacity-/);
    expect(tentative.hasAttribute('disabled')).toBe(false);
    expect(tentative.getAttribute('data-slot')).toBe('button');
    expect(tentative.querySelector('svg')).not.toBeNull();
    await user.click(tentative);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("shows each row's status as a badge next to the decision buttons", async () => {
    await openLoaded();
    const hopper = screen.getByRole('listitem', { name: 'Grace Hopper' });
    for (const [committee, position, status] of [
      ['Finance Committee', 'Member', 'Tentative'],
      ['Budget Committee', 'Chair', 'Accepted'],
    ] as const) {
      const group = decisionGroup('Grace Hopper', committee, position);
      const badge = group.parentElement?.querySelector('[data-slot="badge"]');
      expect(badge?.textContent).toBe(status);
      expect(
        within(hopper)
          .getAllByText(status)
          .some((el) => el === badge),
      ).toBe(true);
    }
    const accepted = within(decisionGroup('Grace Hopper', 'Budget Committee', 'Chair')).getByRole('button', {
      name: 'Accept',
    });
    expect(accepted.getAttribute('aria-pressed')).toBe('true');
  });

  it('links avatars to the edit page for admins only', async () => {
    await openLoaded('/admin/appointments/2026', {
      me: makeMe({ roles: [], permissions: ['modify appointment acceptances', 'edit committees'] }),
    });
    const hopper = screen.getByRole('listitem', { name: 'Grace Hopper' });
    expect(within(hopper).queryByRole('link', { name: /edit user/ })).toBeNull();
    expect(within(hopper).getByRole('img', { name: 'Grace Hopper' })).toBeTruthy();
    expect(document.querySelector('a[href^="/admin/users/"]')).toBeNull();
  });

  it('says so without loading anything for one without an appointments permission', async () => {
    const { fetchMock } = open('/admin/appointments/2026', {
      me: makeMe({ roles: [], permissions: ['create committees'] }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(APPOINTMENTS_FORBIDDEN)).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(fetchMock.requestsTo(DASHBOARD)).toHaveLength(0);
  });

  it('keeps the page title while the years load and when they fail, with a retry', async () => {
    let answer: () => void = () => {};
    const { fetchMock } = open('/admin/appointments/2026', {
      routes: {
        [YEARS]: () =>
          new Promise((resolve) => {
            answer = () => resolve({ status: 500, body: { message: 'Boom from server' } });
          }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Appointments' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    await waitFor(() => expect(fetchMock.requestsTo(YEARS)).toHaveLength(1));
    answer();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Boom from server')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Appointments' })).toBeTruthy();
  });

  it('offers no retry when the server refuses (403)', async () => {
    open('/admin/appointments/2026', {
      routes: { [DASHBOARD]: { status: 403, body: { message: 'This action is unauthorized.' } } },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This action is unauthorized.')).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('names the committee without a link for one who may decide but not open committees', async () => {
    await openLoaded('/admin/appointments/2026', { me: DECIDER_ONLY });
    expect(document.querySelectorAll('[data-href]')).toHaveLength(0);
    const list = screen.getByRole('list', { name: 'Appointments by user' });
    expect(within(list).queryByRole('link', { name: 'Finance Committee' })).toBeNull();
    expect(within(list).getAllByText('Finance Committee').length).toBeGreaterThan(0);
    expect(decisionGroup('Grace Hopper', 'Finance Committee', 'Member')).toBeTruthy();
  });

  it('shows only status badges, and no Email All, without the permission', async () => {
    await openLoaded('/admin/appointments/2026', { me: VIEWER });
    expect(screen.queryByRole('link', { name: 'Email All' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Email All' })).toBeNull();
    expect(screen.queryByRole('group', { name: /^Status of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    const lovelace = screen.getByRole('listitem', { name: 'Ada Lovelace' });
    expect(within(lovelace).getByText('Declined').getAttribute('data-slot')).toBe('badge');
  });
});

describe('AppointmentsDashboardPage: Email All', () => {
  const NOBODY = 'Nobody shown has a tentative appointment, so there is nobody to email.';

  const emailAllHref = () => screen.getByRole('link', { name: 'Email All' }).getAttribute('href');

  /** The disabled Email All: it stays focusable, does nothing, and its tooltip says why. */
  async function expectNobodyToEmail() {
    expect(screen.queryByRole('link', { name: 'Email All' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Email All' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('href')).toBeNull();
    expect(screen.getByRole('button', { description: NOBODY })).toBe(button);
    fireEvent.focus(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe(NOBODY);
  }

  it('BCCs the tentative appointees shown, in list order, in a mailto: link', async () => {
    await openLoaded();
    // Babbage and Hopper are tentative; Lovelace (declined) is not written to.
    expect(emailAllHref()).toBe('mailto:?bcc=charles%40example.org,grace%40example.org');
    const link = screen.getByRole('link', { name: 'Email All' });
    expect(
      screen.getByRole('link', {
        description: 'Opens your email app with the 2 tentative appointees shown in BCC.',
      }),
    ).toBe(link);
    fireEvent.focus(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Opens your email app with the 2 tentative appointees shown in BCC.',
    );
  });

  it('follows the filters', async () => {
    const { user } = await openLoaded();
    await choose(user, 'Committee', 'Finance Committee');
    expect(emailAllHref()).toBe('mailto:?bcc=grace%40example.org');
    await user.click(screen.getByRole('button', { name: 'Clear Filter' }));
    await user.type(screen.getByLabelText('Last name'), 'babb');
    expect(emailAllHref()).toBe('mailto:?bcc=charles%40example.org');
  });

  it('writes to an address once, whoever holds it and in whatever case', async () => {
    const twin = makeAppointmentGroup({
      user: { id: 'u-4', last_name: 'Hoppes', name: 'Gray Hoppes', email: 'GRACE@example.org' },
      appointments: [makeAppointment({ id: 'm-5', committee: BUD, appointment_status: 'Tentative' })],
    });
    await openLoaded('/admin/appointments/2026', {
      routes: { [DASHBOARD]: { body: [...groups(), twin] } },
    });
    expect(emailAllHref()).toBe('mailto:?bcc=charles%40example.org,grace%40example.org');
  });

  it('is disabled, with a tooltip saying why, when the filters leave nobody tentative', async () => {
    const { user, router } = await openLoaded();
    await choose(user, 'Status', 'Accepted');
    await expectNobodyToEmail();
    await user.click(screen.getByRole('button', { name: 'Email All' }));
    expect(router.state.location.pathname).toBe('/admin/appointments/2026');
  });

  it('is only disabled while loading or after a failure, without claiming nobody is tentative', async () => {
    let answer: (reply: { body: TAppointmentGroup[] }) => void = () => {};
    open('/admin/appointments/2026', {
      routes: { [DASHBOARD]: () => new Promise((resolve) => (answer = resolve)) },
    });
    const button = await screen.findByRole('button', { name: 'Email All' });
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(NOBODY)).toBeNull();
    answer({ body: groups() });
    await waitFor(() => expect(emailAllHref()).toBe('mailto:?bcc=charles%40example.org,grace%40example.org'));
    cleanup();
    open('/admin/appointments/2026', { routes: { [DASHBOARD]: { status: 500, body: { message: 'Boom' } } } });
    await screen.findByText('Boom');
    expect((screen.getByRole('button', { name: 'Email All' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(NOBODY)).toBeNull();
  });

  it('is disabled, with a tooltip saying why, when nobody has an appointment', async () => {
    open('/admin/appointments/2026', { routes: { [DASHBOARD]: { body: [] } } });
    await screen.findByText('No users are required to accept a committee appointments at this time.');
    await expectNobodyToEmail();
  });
});

describe('AppointmentsDashboardPage: decisions', () => {
  const PUT = (id: string) => `PUT /api/admin/appointments/member/${id}`;

  /** The server: a PUT changes the status the next GET answers. */
  function server() {
    const statuses = new Map<string, TAppointmentStatus>();
    const decided: Record<string, TAppointmentStatus> = {
      Accept: 'Accepted',
      Reset: 'Tentative',
      Decline: 'Declined',
    };
    const dashboard = () => ({
      body: groups().map((group) => ({
        ...group,
        appointments: group.appointments.map((a) => ({
          ...a,
          appointment_status: statuses.get(a.id) ?? a.appointment_status,
        })),
      })),
    });
    const put = (id: string) => (request: SeenRequest) => {
      const status = decided[(request.body as { decision: string }).decision] ?? 'Tentative';
      statuses.set(id, status);
      const appointment = groups()
        .flatMap((g) => g.appointments)
        .find((a) => a.id === id);
      return { body: { ...appointment, appointment_status: status } };
    };
    return { [DASHBOARD]: dashboard, [PUT('m-1')]: put('m-1'), [PUT('m-2')]: put('m-2') };
  }

  it('asks first; Cancel sends nothing', async () => {
    const { user, fetchMock } = await openLoaded('/admin/appointments/2026', { routes: server() });
    await user.click(
      within(decisionGroup('Grace Hopper', 'Finance Committee', 'Member')).getByRole('button', {
        name: 'Accept',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Action' });
    expect(
      within(dialog).getByText("Are you sure you want to Accept this appointment on the user's behalf?"),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.requestsTo(PUT('m-1'))).toHaveLength(0);
  });

  it.each([
    {
      button: 'Accept',
      id: 'm-1',
      position: 'Member',
      committee: 'Finance Committee',
      decision: 'Accept',
      after: 'Accepted',
      question: "Are you sure you want to Accept this appointment on the user's behalf?",
    },
    {
      button: 'Decline',
      id: 'm-1',
      position: 'Member',
      committee: 'Finance Committee',
      decision: 'Decline',
      after: 'Declined',
      question: "Are you sure you want to Decline this appointment on the user's behalf?",
    },
    {
      button: 'Tentative',
      id: 'm-2',
      position: 'Chair',
      committee: 'Budget Committee',
      decision: 'Reset',
      after: 'Tentative',
      // 'Reset' is the API's word; the question names what the user chose.
      question: "Are you sure you want to set this appointment back to Tentative on the user's behalf?",
    },
  ])('$button sends {decision: $decision} once confirmed, reloads the list and says Saved', async (c) => {
    const { user, fetchMock } = await openLoaded('/admin/appointments/2026', { routes: server() });
    await user.click(
      within(decisionGroup('Grace Hopper', c.committee, c.position)).getByRole('button', { name: c.button }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Action' });
    expect(within(dialog).getByText(c.question)).toBeTruthy();
    expect(within(dialog).queryByText(/Reset/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(fetchMock.requestsTo(PUT(c.id)).map((r) => r.body)).toEqual([{ decision: c.decision }]);
    expect(fetchMock.requestsTo(DASHBOARD)).toHaveLength(2);
    await waitFor(() =>
      expect(
        within(decisionGroup('Grace Hopper', c.committee, c.position))
          .getByRole('button', { name: c.button })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(shownRows()).toContain(`${c.committee}, ${c.position}, ${c.after}`);
    // Keyboard users stay where they were.
    expect(document.activeElement?.textContent).toBe(c.button);
  });

  it.each([
    ['This appointment is locked.', 'This appointment is locked.'],
    ['', 'Unknown Save Error... Please try again.'],
  ])('shows a failed change (message %j) in an error dialog', async (message, shown) => {
    const { user, fetchMock } = await openLoaded('/admin/appointments/2026', {
      routes: { [PUT('m-1')]: { status: 422, body: { message } } },
    });
    await user.click(
      within(decisionGroup('Grace Hopper', 'Finance Committee', 'Member')).getByRole('button', {
        name: 'Decline',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error Saving Appointment' });
    expect(within(dialog).getByText(shown)).toBeTruthy();
    expect(fetchMock.requestsTo(PUT('m-1'))).toHaveLength(1);
    expect(screen.queryByText('Saved')).toBeNull();
  });
});

describe('AppointmentsDashboardPage: filters', () => {
  it.each([
    { label: 'Committee', option: 'Budget Committee', users: ['Charles Babbage', 'Grace Hopper'], rows: 2 },
    { label: 'Position', option: 'Chair', users: ['Grace Hopper', 'Ada Lovelace'], rows: 2 },
    { label: 'Status', option: 'Declined', users: ['Ada Lovelace'], rows: 1 },
  ])('filters by $label', async ({ label, option, users, rows }) => {
    const { user } = await openLoaded();
    await choose(user, label, option);
    expect(shownUsers()).toEqual(users);
    expect(shownRows()).toHaveLength(rows);
    expect(shownRows().every((row) => row.includes(option))).toBe(true);
  });

  it.each([
    { label: 'NRDS', text: '9998', users: ['Charles Babbage'] },
    { label: 'First name', text: 'GRA', users: ['Grace Hopper'] },
    { label: 'First name', text: 'augusta', users: ['Ada Lovelace'] },
    // Displayed first name and nickname count as first names.
    { label: 'First name', text: 'ada', users: ['Ada Lovelace'] },
    { label: 'First name', text: 'countess', users: ['Ada Lovelace'] },
    { label: 'Last name', text: 'bbag', users: ['Charles Babbage'] },
  ])('filters by $label "$text" (case-insensitive substring)', async ({ label, text, users }) => {
    const { user } = await openLoaded();
    await user.type(screen.getByLabelText(label), text);
    expect(shownUsers()).toEqual(users);
  });

  it('combines filters, and Clear Filter resets every one of them', async () => {
    const { user } = await openLoaded();
    await choose(user, 'Committee', 'Finance Committee');
    await choose(user, 'Position', 'Member');
    await choose(user, 'Status', 'Tentative');
    await user.type(screen.getByLabelText('NRDS'), '222');
    await user.type(screen.getByLabelText('First name'), 'grace');
    await user.type(screen.getByLabelText('Last name'), 'hop');
    expect(shownRows()).toEqual(['Finance Committee, Member, Tentative']);

    await user.click(screen.getByRole('button', { name: 'Clear Filter' }));
    expect(shownUsers()).toEqual(['Charles Babbage', 'Grace Hopper', 'Ada Lovelace']);
    expect(shownRows()).toHaveLength(4);
    for (const label of ['NRDS', 'First name', 'Last name']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
    }
    for (const label of ['Committee', 'Position', 'Status']) {
      expect(screen.getByLabelText(label).textContent).toBe('All');
    }
  });

  it('says when the filters hide everything, with a Clear Filter, and no count of nothing', async () => {
    const { user } = await openLoaded();
    await user.type(screen.getByLabelText('Last name'), 'nobody');
    expect(screen.getByText('No appointments match the filters.')).toBeTruthy();
    expect(screen.queryByText('0 appointments of 0 users')).toBeNull();
    expect(
      screen.queryByText('No users are required to accept a committee appointments at this time.'),
    ).toBeNull();
    const clears = screen.getAllByRole('button', { name: 'Clear Filter' });
    await user.click(clears[clears.length - 1] as HTMLElement);
    expect(shownUsers()).toHaveLength(3);
  });

  it("moves focus to the count after Clear Filter, which is then disabled (not left on the page's body)", async () => {
    const { user } = await openLoaded();
    await user.type(screen.getByLabelText('Last name'), 'hop');
    expect(shownUsers()).toEqual(['Grace Hopper']);
    const clear = screen.getByRole('button', { name: 'Clear Filter' });
    await user.click(clear);
    expect((clear as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('4 appointments of 3 users'));
  });

  it("moves focus to the count after the empty state's Clear Filter, which goes with it", async () => {
    const { user } = await openLoaded();
    await user.type(screen.getByLabelText('Last name'), 'nobody');
    const clears = screen.getAllByRole('button', { name: 'Clear Filter' });
    const emptyStateClear = clears[clears.length - 1] as HTMLElement;
    await user.click(emptyStateClear);
    expect(emptyStateClear.isConnected).toBe(false);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('4 appointments of 3 users'));
  });
});

describe('AppointmentsDashboardPage: CSV export', () => {
  it('downloads the filtered rows as PolicyAcceptance-{timestamp}.csv', async () => {
    const download = captureDownload();
    const { user } = await openLoaded();
    await choose(user, 'Committee', 'Budget Committee');
    await user.click(screen.getByRole('button', { name: 'CSV Export' }));

    expect(download.names).toHaveLength(1);
    expect(download.names[0]).toMatch(/^PolicyAcceptance-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv$/);
    expect(await download.text()).toBe(
      [
        'NRDS,First Name,Last Name,Email,Committee,Position,Status',
        '999888777,Charles,Babbage,charles@example.org,Budget Committee,Member,Tentative',
        '222333444,Grace,Hopper,grace@example.org,Budget Committee,Chair,Accepted',
        '',
      ].join('\n'),
    );
  });

  it('adds the Nickname column when the organisation uses nicknames', async () => {
    const download = captureDownload();
    const me = makeMe({
      permissions: ['modify appointment acceptances'],
      tenant: { ...DECIDER.tenant, uses_nicknames: true },
    });
    const { user } = await openLoaded('/admin/appointments/2026', { me });
    await user.type(screen.getByLabelText('Last name'), 'love');
    await user.click(screen.getByRole('button', { name: 'CSV Export' }));
    expect(await download.text()).toBe(
      [
        'NRDS,First Name,Nickname,Last Name,Email,Committee,Position,Status',
        '111222333,Augusta,Countess,Lovelace,ada@example.org,Finance Committee,Chair,Declined',
        '',
      ].join('\n'),
    );
  });
});

describe('AppointmentsDashboardPage: filters in the address', () => {
  it('keeps the filters in the address, so that coming back to the dashboard finds them again', async () => {
    const { user, router } = await openLoaded();
    await choose(user, 'Status', 'Tentative');
    await user.type(screen.getByLabelText('Last name'), 'hop');
    await waitFor(() => expect(router.state.location.search).toBe('?status=Tentative&last_name=hop'));

    // A committee opened from the list, then Back.
    await router.navigate('/admin');
    await screen.findByRole('heading', { name: 'Admin' });
    await router.navigate(-1);
    await screen.findByRole('list', { name: 'Appointments by user' });
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('hop');
    expect(screen.getByLabelText('Status').textContent).toBe('Tentative');
    expect(shownRows()).toEqual(['Finance Committee, Member, Tentative']);
    // Replaced, not pushed: Back leaves the dashboard rather than undoing a filter.
    expect(router.state.location.pathname).toBe('/admin/appointments/2026');
  });

  it('opens with the filters an address names', async () => {
    await openLoaded('/admin/appointments/2026?committee=BUD&first_name=char');
    expect(shownUsers()).toEqual(['Charles Babbage']);
    expect(screen.getByLabelText('Committee').textContent).toBe('Budget Committee');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('char');
  });
});

/**
 * As in the browser, a closed dialog fades out before it goes (Radix keeps it, closed, until its animation
 * ends), and only then hands focus back; `end()` ends the fade of the dialogs closing.
 */
function fadingDialogs() {
  const style = document.createElement('style');
  style.textContent =
    '[role="alertdialog"][data-state="closed"] { animation-name: fade-out; animation-duration: 200ms; }';
  document.head.append(style);
  return {
    end() {
      for (const dialog of document.querySelectorAll('[role="alertdialog"][data-state="closed"]')) {
        fireEvent(dialog, Object.assign(new Event('animationend'), { animationName: 'fade-out' }));
      }
    },
    [Symbol.dispose]: () => style.remove(),
  };
}

describe('AppointmentsDashboardPage: decisions, keyboard and double clicks', () => {
  const PUT_M1 = 'PUT /api/admin/appointments/member/m-1';
  const grace = () => decisionGroup('Grace Hopper', 'Finance Committee', 'Member');

  it('sends one decision when Confirm is clicked twice while the question fades out', async () => {
    using fade = fadingDialogs();
    const { user, fetchMock } = await openLoaded('/admin/appointments/2026', {
      routes: { [PUT_M1]: { body: makeAppointment({ id: 'm-1', appointment_status: 'Declined' }) } },
    });
    await user.click(within(grace()).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Action' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Confirm' }));
    fade.end();
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(fetchMock.requestsTo(PUT_M1)).toHaveLength(1);
  });

  it('gives focus back to the button chosen when the error comes while the question fades out', async () => {
    using fade = fadingDialogs();
    const { user } = await openLoaded('/admin/appointments/2026', {
      routes: { [PUT_M1]: { status: 422, body: { message: 'This appointment is locked.' } } },
    });
    const decline = within(grace()).getByRole('button', { name: 'Decline' });
    await user.click(decline);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error Saving Appointment' });
    fade.end();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    fade.end();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(decline));
  });

  it('reloads after a failed decision: a row removed elsewhere goes, its error stays in view', async () => {
    const { user, fetchMock } = await openLoaded('/admin/appointments/2026', {
      routes: { [PUT_M1]: { status: 404, body: { message: 'Appointment not found.' } } },
    });
    // Meanwhile, in another session, Grace Hopper left the Finance Committee.
    const removed = groups().map((group) => ({
      ...group,
      appointments: group.appointments.filter((a) => a.id !== 'm-1'),
    }));
    fetchMock.on(DASHBOARD, { body: removed });
    await user.click(within(grace()).getByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    const error = await screen.findByRole('alertdialog', { name: 'Error Saving Appointment' });
    expect(within(error).getByText('Appointment not found.')).toBeTruthy();
    await waitFor(() => expect(fetchMock.requestsTo(DASHBOARD)).toHaveLength(2));
    await waitFor(() => expect(shownRows()).not.toContain('Finance Committee, Member, Tentative'));
    expect(screen.getByRole('alertdialog', { name: 'Error Saving Appointment' })).toBe(error);
    expect(shownRows()).toContain('Budget Committee, Chair, Accepted');

    // The buttons went with the row: focus goes to the count.
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('3 appointments of 3 users'));
  });

  it('moves focus to the count when a decision takes the appointment out of the filtered list', async () => {
    const { user, fetchMock } = await openLoaded('/admin/appointments/2026', {
      routes: { [PUT_M1]: { body: makeAppointment({ id: 'm-1', appointment_status: 'Accepted' }) } },
    });
    await choose(user, 'Status', 'Tentative');
    expect(shownUsers()).toEqual(['Charles Babbage', 'Grace Hopper']);
    // Reloaded after the decision, Grace Hopper's appointment is no longer tentative.
    const accepted = groups().map((group) => ({
      ...group,
      appointments: group.appointments.map((a) =>
        a.id === 'm-1' ? { ...a, appointment_status: 'Accepted' as const } : a,
      ),
    }));
    fetchMock.on(DASHBOARD, { body: accepted });
    await user.click(within(grace()).getByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(shownUsers()).toEqual(['Charles Babbage']));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('1 appointment of 1 user'));
  });

  it('moves focus to the empty text when a decision takes the last shown appointment out of the list', async () => {
    const { user, fetchMock } = await openLoaded('/admin/appointments/2026', {
      routes: { [PUT_M1]: { body: makeAppointment({ id: 'm-1', appointment_status: 'Accepted' }) } },
    });
    await user.type(screen.getByLabelText('Last name'), 'hop');
    await choose(user, 'Status', 'Tentative');
    expect(shownRows()).toEqual(['Finance Committee, Member, Tentative']);
    fetchMock.on(DASHBOARD, {
      body: groups().map((group) => ({
        ...group,
        appointments: group.appointments.map((a) =>
          a.id === 'm-1' ? { ...a, appointment_status: 'Accepted' as const } : a,
        ),
      })),
    });
    await user.click(within(grace()).getByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(shownUsers()).toEqual([]));
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('No appointments match the filters.'),
    );
  });
});
