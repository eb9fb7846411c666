import { MEETING_CHANGED_MEANWHILE, type TMeeting } from '@gavel/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DELETE_CONFIRM_YES } from '@/components/confirm-dialog';
import { MEETING_FORM_MESSAGES } from '@/features/meetings/meeting-form';
import { MEETING_ENDED_NOTE, MEETING_IN_PROGRESS_NOTE } from '@/features/meetings/pages/meeting-form-pages';
import { makeMeeting, makeMeetingCommittee } from '@/features/meetings/test-fixtures';
import { queryKeys } from '@/lib/query-keys';
import { UNSAVED_TEXT, UNSAVED_TITLE } from '@/lib/use-unsaved-changes';
import { describedText } from '@/test/described';
import { mockFetch } from '@/test/fetch-mock';
import { makeMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const ADMIN = '/api/admin/committee/FIN/meeting/M1';

function renderEditPage(status: TMeeting['status']) {
  const fetchMock = mockFetch({
    'GET /api/me': { body: makeMe({ roles: [], permissions: ['update meetings', 'delete meetings'] }) },
    [`GET ${ADMIN}`]: { body: makeMeeting({ status }) },
  });
  return { ...renderApp('/admin/committee/FIN/meeting/M1/edit'), fetchMock };
}

async function buttons() {
  const save = (await screen.findByRole('button', { name: 'Save Meeting' })) as HTMLButtonElement;
  const remove = screen.getByRole('button', { name: 'Delete Meeting' }) as HTMLButtonElement;
  return { save, remove };
}

describe('MeetingEditPage: only the actions the server allows', () => {
  it('planned: saves and deletes', async () => {
    renderEditPage('planned');
    const { save, remove } = await buttons();
    expect(save.disabled).toBe(false);
    expect(remove.disabled).toBe(false);
    expect(screen.queryByText(MEETING_ENDED_NOTE)).toBeNull();
    expect(screen.queryByText(MEETING_IN_PROGRESS_NOTE)).toBeNull();
  });

  it('in progress: saves, but Delete Meeting is disabled and says why', async () => {
    renderEditPage('in_progress');
    const { save, remove } = await buttons();
    expect(save.disabled).toBe(false);
    expect(remove.disabled).toBe(true);
    expect(describedText(remove)).toBe(MEETING_IN_PROGRESS_NOTE);
  });

  it('ended: Save Meeting is disabled and says why, and sends nothing; Delete Meeting stays', async () => {
    const { fetchMock, user } = renderEditPage('ended');
    const { save, remove } = await buttons();
    expect(save.disabled).toBe(true);
    expect(describedText(save)).toBe(MEETING_ENDED_NOTE);
    expect(screen.getByText(MEETING_ENDED_NOTE)).toBeTruthy();
    // Its fields are shown, not offered for editing.
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    // (Inside a disabled fieldset, which browsers honour through nested fieldsets; jsdom's :disabled does not.)
    expect(name.closest('fieldset[disabled]')).not.toBeNull();
    expect((await screen.findByRole('textbox', { name: 'Description' })).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await user.type(name, '{Enter}');
    expect(fetchMock.requestsTo(`PUT ${ADMIN}`)).toHaveLength(0);
    expect(remove.disabled).toBe(false);
    expect(remove.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('MeetingEditPage: the way back', () => {
  it("leads Cancel to the admin page of the meeting's own committee year (codes repeat across years)", async () => {
    mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: ['update meetings'] }) },
      [`GET ${ADMIN}`]: { body: makeMeeting() },
      'GET /api/meeting/FIN/M1/retrieve/meeting': {
        body: { meeting: makeMeeting(), committee: makeMeetingCommittee({ year: 2025 }), resources: [] },
      },
    });
    renderApp('/admin/committee/FIN/meeting/M1/edit');
    await screen.findByRole('button', { name: 'Save Meeting' });
    await expect
      .poll(() => screen.getByRole('link', { name: 'Cancel' }).getAttribute('href'))
      .toBe('/admin/committee/FIN?year=2025');
  });
});

describe('MeetingEditPage: unsaved changes', () => {
  function renderWithMeetingPage() {
    return mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: ['update meetings', 'delete meetings'] }) },
      [`GET ${ADMIN}`]: { body: makeMeeting() },
      [`PUT ${ADMIN}`]: { body: makeMeeting({ name: 'Renamed' }) },
      [`DELETE ${ADMIN}`]: { body: { ok: true } },
      'GET /api/meeting/FIN/M1/retrieve/meeting': {
        body: { meeting: makeMeeting(), committee: makeMeetingCommittee(), resources: [] },
      },
    });
  }

  it('lets Cancel leave an untouched form without asking', async () => {
    renderWithMeetingPage();
    const { router, user } = renderApp('/admin/committee/FIN/meeting/M1/edit');
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    await expect.poll(() => router.state.location.pathname).toBe('/admin/committee/FIN');
    expect(screen.queryByRole('alertdialog', { name: UNSAVED_TITLE })).toBeNull();
  });

  it('asks before Cancel drops an edit: Keep Editing stays with it, Discard Changes leaves', async () => {
    renderWithMeetingPage();
    const { router, user } = renderApp('/admin/committee/FIN/meeting/M1/edit');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' (moved)');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: UNSAVED_TITLE });
    expect(within(ask).getByText(UNSAVED_TEXT)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    expect(router.state.location.pathname).toBe('/admin/committee/FIN/meeting/M1/edit');
    expect(((await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement).value).toMatch(
      /\(moved\)$/,
    );
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: UNSAVED_TITLE })).getByRole('button', {
        name: 'Discard Changes',
      }),
    );
    await expect.poll(() => router.state.location.pathname).toBe('/admin/committee/FIN');
  }, 15_000);

  it('lets a save leave the form without asking', async () => {
    renderWithMeetingPage();
    const { router, user } = renderApp('/admin/committee/FIN/meeting/M1/edit');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' (moved)');
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    await expect.poll(() => router.state.location.pathname).toBe('/meeting/FIN/M1');
    expect(screen.queryByRole('alertdialog', { name: UNSAVED_TITLE })).toBeNull();
  }, 15_000);

  it('lets deleting the meeting leave the form without asking', async () => {
    renderWithMeetingPage();
    const { router, user } = renderApp('/admin/committee/FIN/meeting/M1/edit');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' (again)');
    await user.click(screen.getByRole('button', { name: 'Delete Meeting' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: DELETE_CONFIRM_YES }));
    await expect.poll(() => router.state.location.pathname).toBe('/admin/committee/FIN');
    expect(screen.queryByRole('alertdialog', { name: UNSAVED_TITLE })).toBeNull();
  }, 15_000);
});

describe('MeetingEditPage: the window', () => {
  function renderWith(meeting: TMeeting) {
    const fetchMock = mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: ['update meetings'] }) },
      [`GET ${ADMIN}`]: { body: meeting },
      [`PUT ${ADMIN}`]: { body: meeting },
    });
    return { ...renderApp('/admin/committee/FIN/meeting/M1/edit'), fetchMock };
  }

  it("sends a start and end left alone as the meeting's own instants, so a rename does not move it", async () => {
    // Made by the API or the seed: times with seconds, which the minute pickers do not show.
    const meeting = makeMeeting({
      start: new Date(2031, 10, 24, 9, 0, 30, 500).toISOString(),
      end: new Date(2031, 10, 24, 11, 59, 59).toISOString(),
    });
    const { fetchMock, user, router } = renderWith(meeting);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' (renamed)');
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    await expect.poll(() => router.state.location.pathname).toBe('/meeting/FIN/M1');
    const [put] = fetchMock.requestsTo(`PUT ${ADMIN}`);
    expect(put?.body).toMatchObject({
      name: 'November Meeting (renamed)',
      start: meeting.start,
      end: meeting.end,
    });
  }, 15_000);

  it('refuses, under End, moving a planned meeting wholly into the past, and sends nothing', async () => {
    // Yesterday, 9:00 to 11:00: planned but never started.
    const day = new Date();
    day.setDate(day.getDate() - 1);
    const at = (h: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), h).toISOString();
    const { fetchMock, user } = renderWith(makeMeeting({ status: 'planned', start: at(9), end: at(11) }));
    const end = await screen.findByRole('textbox', { name: 'End' });
    const noon = `${day.getMonth() + 1}/${day.getDate()}/${day.getFullYear()} 12:00 PM`;
    await user.clear(end);
    await user.type(end, noon);
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    expect(describedText(end)).toBe(MEETING_FORM_MESSAGES.plannedEndInPast);
    expect(document.activeElement).toBe(end);
    expect(fetchMock.requestsTo(`PUT ${ADMIN}`)).toHaveLength(0);
  }, 15_000);
});

describe('MeetingEditPage: a change someone else saved meanwhile', () => {
  it("sends the meeting's updated_at as loaded; the service's 409 shows in the error dialog, keeping the form", async () => {
    const meeting = makeMeeting({ updated_at: '2026-11-01T12:00:00.000Z' });
    const fetchMock = mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: ['update meetings'] }) },
      [`GET ${ADMIN}`]: { body: meeting },
      [`PUT ${ADMIN}`]: { status: 409, body: { message: MEETING_CHANGED_MEANWHILE } },
    });
    const { router, user, queryClient } = renderApp('/admin/committee/FIN/meeting/M1/edit');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, ' (mine)');
    // The page's query refetches meanwhile (another tab's save invalidated it): the form still saves over
    // the meeting it showed, not the newer one it never showed.
    fetchMock.on(`GET ${ADMIN}`, {
      body: makeMeeting({ name: 'Their name', updated_at: '2026-11-02T08:00:00.000Z' }),
    });
    await queryClient.refetchQueries({ queryKey: queryKeys.meetings.admin('FIN', 'M1') });
    await user.click(screen.getByRole('button', { name: 'Save Meeting' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error Saving Meeting' });
    expect(within(dialog).getByText(MEETING_CHANGED_MEANWHILE)).toBeTruthy();
    const puts = fetchMock.requestsTo(`PUT ${ADMIN}`);
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({
      name: 'November Meeting (mine)',
      updated_at: '2026-11-01T12:00:00.000Z',
    });
    expect(router.state.location.pathname).toBe('/admin/committee/FIN/meeting/M1/edit');
    expect((name as HTMLInputElement).value).toBe('November Meeting (mine)');
  }, 15_000);
});

describe('MeetingEditPage: the time zone', () => {
  it("names the association's zone from /api/me when the browser is in another", async () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...real.call(this), timeZone: 'Europe/Paris' };
    });
    const me = makeMe({ roles: [], permissions: ['update meetings'] });
    mockFetch({
      'GET /api/me': { body: { ...me, tenant: { ...me.tenant, time_zone: 'America/Chicago' } } },
      [`GET ${ADMIN}`]: { body: makeMeeting() },
    });
    renderApp('/admin/committee/FIN/meeting/M1/edit');
    expect(
      await screen.findByText(
        "Times are in your time zone (Europe/Paris). The association's time zone is America/Chicago.",
      ),
    ).toBeTruthy();
  });
});

describe('MeetingEditPage: a meeting that does not exist', () => {
  it('says so and leads back to the committee admin page, with nothing to retry', async () => {
    mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: ['update meetings'] }) },
      [`GET ${ADMIN}`]: { status: 404, body: { message: 'Meeting not found.' } },
    });
    renderApp('/admin/committee/FIN/meeting/M1/edit');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Meeting not found.')).toBeTruthy();
    // The page still has its heading.
    expect(within(alert).getByRole('heading', { level: 1, name: 'Edit Meeting' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to Committee Admin' }).getAttribute('href')).toBe(
      '/admin/committee/FIN',
    );
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
