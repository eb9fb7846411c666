/** Test data and rendering for the motions feature (tests only). */
import type {
  Principal,
  TAttendanceMember,
  TMeetingCommittee,
  TMotion,
  TMotionsReply,
  TRetrieveAttendanceReply,
  TVoteView,
  TVotingSettings,
} from '@gavel/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as React from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { MotionsPanelView, type MotionsPanelViewProps } from '@/features/voting/components/motions-panel';
import type { PageScope } from '@/lib/page-scope';
import { queryKeys } from '@/lib/query-keys';
import { makeMe } from '@/test/fixtures';

export const NOW = Date.parse('2026-11-23T15:00:00.000Z');
export const iso = (offsetSeconds: number) => new Date(NOW + offsetSeconds * 1000).toISOString();

export const meetingScope: PageScope = { kind: 'meeting', committeeCode: 'FIN', meetingCode: 'M1' };
export const ADMIN = '/api/admin/committee/FIN/meeting/M1';

export function makeMeetingCommittee(overrides: Partial<TMeetingCommittee> = {}): TMeetingCommittee {
  return {
    id: 'c-1',
    name: 'Finance Committee',
    code: 'FIN',
    year: 2026,
    quorum: 2,
    two_thirds_vote: false,
    chair_position: 'Chair',
    vchair_position: 'Vice Chair',
    voting_rights: [
      { position: 'Chair', is_voting: true },
      { position: 'Member', is_voting: true },
    ],
    has_demographic: true,
    demographic_name: 'Region',
    demographic_is_displayed: true,
    demographic_motion_filterable: true,
    demographic_display_prepend: false,
    demographics: ['North', 'South'],
    ...overrides,
  };
}

export function makeMotion(overrides: Partial<TMotion> = {}): TMotion {
  return {
    id: 'mo-1',
    meeting_id: 'meet-1',
    email_vote_id: null,
    amendment_parent_id: null,
    name: '<strong>Adopt</strong> the budget',
    body: '<p>The committee adopts the 2027 budget.</p>',
    description: null,
    result_visibility: 'show_all',
    motion_responses: null,
    motion_filter: null,
    maximum_responses: 1,
    vote_type: 'simple_majority',
    amendment_approved: null,
    motion_approved: null,
    amendment_vote_id: null,
    motion_vote_id: null,
    sort: 0,
    created_at: iso(-3600),
    ...overrides,
  };
}

export function makeVote(overrides: Partial<TVoteView> = {}): TVoteView {
  return {
    id: 'v-1',
    motion_id: 'mo-1',
    meeting_id: 'meet-1',
    email_vote_id: null,
    type: 'motion',
    vote_type: 'simple_majority',
    responses: ['in_favor', 'opposed', 'abstained'],
    maximum_responses: 1,
    started_at: iso(-30),
    ended_at: iso(30),
    is_active: true,
    is_finalized: false,
    quorum: 2,
    finalized_quorum: null,
    expected_count: 3,
    respondents_count: 1,
    outcome: null,
    result: null,
    passed: null,
    valid: null,
    validity_message: null,
    summary_visible: false,
    breakdown_visible: false,
    ...overrides,
  };
}

/** An ended vote as a runner sees it. */
export function endedVote(
  outcome: { response: string; count: number }[],
  overrides: Partial<TVoteView> = {},
) {
  const respondents = outcome.reduce((n, t) => n + t.count, 0);
  return makeVote({
    started_at: iso(-120),
    ended_at: iso(-60),
    is_active: false,
    is_finalized: true,
    respondents_count: respondents,
    outcome,
    summary_visible: true,
    breakdown_visible: true,
    ...overrides,
  });
}

export function makeMember(
  overrides: Partial<TAttendanceMember> & { checkedIn?: boolean } = {},
): TAttendanceMember {
  const { checkedIn = true, ...rest } = overrides;
  const userId = rest.user_id ?? 'u-1';
  return {
    user_id: userId,
    is_member: true,
    is_voting: true,
    membership: {
      id: `ms-${userId}`,
      position: 'Member',
      demographic: 'North',
      display_demographic: 'North',
      search_demographic: 'north',
    },
    attendee: checkedIn
      ? {
          id: `a-${userId}`,
          attendee_type: 'membership',
          attendee_id: `ms-${userId}`,
          user_id: userId,
          membership_id: `ms-${userId}`,
          attending_via: 'in_person',
          deleted_at: null,
          checked_in: true,
          checkIns: [{ created_at: iso(-600), deleted_at: null }],
        }
      : null,
    rsvp: null,
    sort_name: `Member, ${userId}`,
    name: `Member ${userId}`,
    ...rest,
  };
}

/** Chair (u-chair) and two members, all checked in; the viewer is u-1. */
export function makeAttendance(members?: TAttendanceMember[]): TRetrieveAttendanceReply {
  return {
    users: [],
    members: members ?? [
      makeMember({
        user_id: 'u-chair',
        membership: {
          id: 'ms-chair',
          position: 'Chair',
          demographic: 'South',
          display_demographic: 'South',
          search_demographic: 'south',
        },
      }),
      makeMember({ user_id: 'u-1' }),
      makeMember({ user_id: 'u-2' }),
    ],
    attendance: [],
    rsvps: [],
  };
}

export function principal(permissions: string[] = [], userId = 'u-1'): Principal {
  return { userId, roles: [], permissions };
}

export const RUNNER = ['run meetings', 'update motions', 'create motions', 'delete motions'];

export function reply(overrides: Partial<TMotionsReply> = {}): TMotionsReply {
  return { motions: [makeMotion()], votes: [], responses: [], ...overrides };
}

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/**
 * Query client, tooltips, toasts and a router at `path`, where the motion edit link's route
 * ({adminBase}/motion/{id}) gives the panel its motion id.
 */
function Providers({
  client,
  path,
  children,
}: {
  client: QueryClient;
  path: string;
  children: React.ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <TooltipProvider>
          <Routes>
            <Route path="/admin/committee/:committeeCode/:kind/:code/motion/:motionId" element={children} />
            <Route path="*" element={children} />
          </Routes>
        </TooltipProvider>
        <CurrentPath />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
}

/** Renders the panel for given data, with query client, tooltips and toasts. */
export function renderPanel(
  props: Partial<MotionsPanelViewProps> = {},
  path = '/meeting/FIN/M1',
  /** The association's vote wording, as /api/me would answer it. */
  voting?: TVotingSettings,
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (voting) {
    const me = makeMe();
    client.setQueryData(queryKeys.me, { ...me, tenant: { ...me.tenant, voting } });
  }
  const user = userEvent.setup();
  const all: MotionsPanelViewProps = {
    scope: meetingScope,
    phase: 'in_progress',
    committee: makeMeetingCommittee(),
    attendance: makeAttendance(),
    principal: principal(),
    data: reply(),
    loading: false,
    now: NOW,
    timeKey: 1,
    canModify: true,
    ...props,
  };
  const view = render(
    <Providers client={client} path={path}>
      <MotionsPanelView {...all} />
    </Providers>,
  );
  const rerender = (next: Partial<MotionsPanelViewProps>) =>
    view.rerender(
      <Providers client={client} path={path}>
        <MotionsPanelView {...all} {...next} />
      </Providers>,
    );
  return { ...view, client, user, rerender };
}
