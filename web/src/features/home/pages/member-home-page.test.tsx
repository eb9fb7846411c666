import type { TMyAppointment } from '@gavel/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_APPOINTMENTS } from '@/features/home/pages/member-home-page';
import { mockFetch } from '@/test/fetch-mock';
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

function open(mine: TMyAppointment[]) {
  const fetchMock = mockFetch({
    'GET /api/me': { body: makeMe() },
    'GET /api/me/committees': { body: mine },
  });
  return { ...renderApp('/'), fetchMock };
}

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

  it("shows the server's refusal, else the fallback", async () => {
    const { user, fetchMock } = open([tentative]);
    fetchMock.on('PUT /api/me/appointments/m-1', {
      status: 409,
      body: { message: 'Only a tentative appointment can be answered.' },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept Finance Committee' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Only a tentative appointment can be answered.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    fetchMock.on('PUT /api/me/appointments/m-1', { status: 500, body: {} });
    await user.click(screen.getByRole('button', { name: 'Accept Finance Committee' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Unknown Save Error... Please try again.')).toBeTruthy();
  });
});
