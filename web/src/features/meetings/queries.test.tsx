import type { TMeeting } from '@gavel/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommitteeMeetingsSection } from '@/features/meetings/components/committee-meetings-section';
import {
  useDeleteMeeting,
  useEndMeeting,
  useMeetingAttendance,
  useStartMeeting,
} from '@/features/meetings/queries';
import { makeAttendance, makeMeeting } from '@/features/meetings/test-fixtures';
import { principal } from '@/features/voting/test-fixtures';
import { createQueryClient, openSessionEndedDialog, registerSessionEndedDialog } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

const LIST = 'GET /api/admin/committee/FIN/meetings';
const ADMIN = '/api/admin/committee/FIN/meeting/M1';

/** A change made elsewhere (the edit or meeting page), which does not know the year of the list showing it. */
function Change({ kind }: { kind: 'delete' | 'start' | 'end' }) {
  const remove = useDeleteMeeting('FIN', 'M1');
  const start = useStartMeeting('FIN', 'M1');
  const end = useEndMeeting('FIN', 'M1');
  const mutation = { delete: remove, start, end }[kind];
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      Change
    </button>
  );
}

/** The list of FIN of 2025 (an older year: codes repeat across years) and a change to its meeting M1. */
function open(kind: 'delete' | 'start' | 'end', before: TMeeting, after: TMeeting[]) {
  let meetings = [before];
  const fetchMock = mockFetch({
    [LIST]: () => ({ body: meetings }),
    'GET /api/admin/committee/FIN/votes': { body: [] },
    [`DELETE ${ADMIN}`]: () => {
      meetings = after;
      return { body: { ok: true } };
    },
    [`PUT ${ADMIN}/start`]: () => {
      meetings = after;
      return { body: after[0] };
    },
    [`PUT ${ADMIN}/end`]: () => {
      meetings = after;
      return { body: after[0] };
    },
  });
  const app = renderApp('/', {
    routes: [
      {
        path: '/',
        element: (
          <>
            <CommitteeMeetingsSection
              committee={{ code: 'FIN', year: 2025 }}
              principal={principal(['view any meeting'])}
            />
            <Change kind={kind} />
          </>
        ),
      },
    ],
  });
  return { ...app, fetchMock };
}

describe("a meeting's change refreshes its committee's list of every year", () => {
  it('drops a deleted meeting from the list of a year-based committee', async () => {
    const { user, fetchMock } = open('delete', makeMeeting({ name: 'Gone meeting' }), []);
    expect(await screen.findByRole('link', { name: 'Gone meeting' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('No meetings yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Gone meeting' })).toBeNull();
    expect(fetchMock.requestsTo(LIST).map((r) => r.path)).toEqual([
      '/api/admin/committee/FIN/meetings?year=2025',
      '/api/admin/committee/FIN/meetings?year=2025',
    ]);
  });

  it.each([
    ['start', 'planned', 'in_progress', 'In Progress'],
    ['end', 'in_progress', 'ended', 'Ended'],
  ] as const)('shows the new status once the meeting has been %sed', async (kind, from, to, badge) => {
    const { user } = open(kind, makeMeeting({ status: from }), [makeMeeting({ status: to })]);
    const list = await screen.findByRole('list', { name: 'Meetings' });
    expect(within(list).queryByText(badge)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await within(list).findByText(badge)).toBeTruthy();
  });
});

describe('useMeetingAttendance', () => {
  it('holds its poll while the sign-in-again dialog is open, as every read does', async () => {
    mockFetch({ 'GET /api/meeting/FIN/M1/retrieve/attendance': { body: makeAttendance() } });
    const client = createQueryClient();
    const unregister = registerSessionEndedDialog(client);
    const { unmount } = renderHook(() => useMeetingAttendance('FIN', 'M1', 5_000), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    const query = () => client.getQueryCache().find({ queryKey: queryKeys.meetings.attendance('FIN', 'M1') });
    expect(query()?.isDisabled()).toBe(false);
    act(() => void openSessionEndedDialog(client, 'read'));
    expect(query()?.isDisabled()).toBe(true);
    unmount();
    unregister();
  });
});
