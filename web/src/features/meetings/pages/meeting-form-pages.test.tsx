import type { TMeeting } from '@gavel/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEETING_ENDED_NOTE, MEETING_IN_PROGRESS_NOTE } from '@/features/meetings/pages/meeting-form-pages';
import { makeMeeting, makeMeetingCommittee } from '@/features/meetings/test-fixtures';
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

describe('MeetingEditPage: a meeting that does not exist', () => {
  it('says so and leads back to the committee admin page, with nothing to retry', async () => {
    mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: ['update meetings'] }) },
      [`GET ${ADMIN}`]: { status: 404, body: { message: 'Meeting not found.' } },
    });
    renderApp('/admin/committee/FIN/meeting/M1/edit');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Meeting not found.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to Committee Admin' }).getAttribute('href')).toBe(
      '/admin/committee/FIN',
    );
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
