import type * as React from 'react';
import type { RouteObject } from 'react-router';
import { LoadingState } from '@/components/page-status';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { BypassPage } from '@/features/auth/pages/bypass-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { EmailVotePage } from '@/features/email-votes/pages/email-vote-page';
import { MemberHomePage } from '@/features/home/pages/member-home-page';
import { MeetingPage } from '@/features/meetings/pages/meeting-page';
import { AppLayout } from '@/features/shell/components/app-layout';
import { type RouteHandle, RouteTitle } from '@/features/shell/components/route-title';
import { NotFoundPage } from '@/features/shell/pages/not-found-page';
import { RouteErrorPage } from '@/features/shell/pages/route-error-page';

function titled(title: string): RouteHandle {
  return { title };
}

/**
 * A page in a chunk of its own, fetched on the first visit to it: the admin area's pages (and the date
 * pickers and CSV export only they use) stay out of what a delegate's phone downloads to vote.
 */
function page(load: () => Promise<React.ComponentType>): RouteObject['lazy'] {
  // The function form: react-router empties an object form's properties as it loads them, and the route
  // objects are shared by every router made from them (each test's).
  return () => load().then((Component) => ({ Component }));
}

const appointmentsPage = page(() =>
  import('@/features/appointments/pages/appointments-dashboard-page').then(
    (m) => m.AppointmentsDashboardPage,
  ),
);

/** The page routes: the spec's page paths, and ours where the spec does not show one. */
export const routes: RouteObject[] = [
  {
    element: <RouteTitle />,
    // Shown while the first page's chunk loads (a later page's: the current one stays, with AppLayout's bar).
    hydrateFallbackElement: <LoadingState className="min-h-svh" />,
    // A page that throws while rendering shows our error page, not the router's developer screen.
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginPage />, handle: titled('Sign in') },
      { path: '/login/bypass', element: <BypassPage />, handle: titled('Sign in with a code') },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <MemberHomePage />, handle: titled('Home') },
          {
            path: '/admin',
            lazy: page(() => import('@/features/admin/pages/admin-home-page').then((m) => m.AdminHomePage)),
            handle: titled('Admin'),
          },
          {
            path: '/admin/committees/copy',
            lazy: page(() =>
              import('@/features/admin/pages/committee-copy-page').then((m) => m.CommitteeCopyPage),
            ),
            handle: titled('Copy Committees'),
          },
          {
            path: '/admin/committee/create',
            lazy: page(() =>
              import('@/features/committees/pages/committee-create-page').then((m) => m.CommitteeCreatePage),
            ),
            handle: titled('Add Committee'),
          },
          {
            path: '/admin/committee/:code',
            lazy: page(() =>
              import('@/features/committees/pages/committee-admin-page').then((m) => m.CommitteeAdminPage),
            ),
            handle: titled('Committee'),
          },
          {
            path: '/admin/appointments',
            lazy: appointmentsPage,
            handle: titled('Appointments'),
          },
          {
            path: '/admin/appointments/:year',
            lazy: appointmentsPage,
            handle: titled('Appointments'),
          },
          {
            path: '/admin/users/:id/edit',
            lazy: page(() => import('@/features/users/pages/user-edit-page').then((m) => m.UserEditPage)),
            handle: titled('Edit User'),
          },
          { path: '/meeting/:committeeCode/:meetingCode', element: <MeetingPage /> },
          { path: '/meeting/:committeeCode/:meetingCode/rsvp', element: <MeetingPage awaitingRsvp /> },
          { path: '/vote/:committeeCode/:voteCode', element: <EmailVotePage /> },
          {
            path: '/admin/committee/:code/meeting/create',
            lazy: page(() =>
              import('@/features/meetings/pages/meeting-form-pages').then((m) => m.MeetingCreatePage),
            ),
            handle: titled('New Meeting'),
          },
          {
            path: '/admin/committee/:code/meeting/:meetingCode/edit',
            lazy: page(() =>
              import('@/features/meetings/pages/meeting-form-pages').then((m) => m.MeetingEditPage),
            ),
            handle: titled('Edit Meeting'),
          },
          {
            path: '/admin/committee/:code/vote/create',
            lazy: page(() =>
              import('@/features/email-votes/pages/email-vote-form-pages').then((m) => m.EmailVoteCreatePage),
            ),
            handle: titled('New Email Vote'),
          },
          {
            path: '/admin/committee/:code/vote/:voteCode/edit',
            lazy: page(() =>
              import('@/features/email-votes/pages/email-vote-form-pages').then((m) => m.EmailVoteEditPage),
            ),
            handle: titled('Edit Vote'),
          },
          // The motion edit link, {adminBase}/motion/{id}: the page with that motion's edit form open.
          {
            path: '/admin/committee/:committeeCode/meeting/:meetingCode/motion/:motionId',
            element: <MeetingPage />,
          },
          {
            path: '/admin/committee/:committeeCode/vote/:voteCode/motion/:motionId',
            element: <EmailVotePage />,
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: titled('Page not found') },
    ],
  },
];
