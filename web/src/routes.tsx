import type { RouteObject } from 'react-router';
import { AdminHomePage } from '@/features/admin/pages/admin-home-page';
import { CommitteeCopyPage } from '@/features/admin/pages/committee-copy-page';
import { AppointmentsDashboardPage } from '@/features/appointments/pages/appointments-dashboard-page';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { BypassPage } from '@/features/auth/pages/bypass-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { CommitteeAdminPage } from '@/features/committees/pages/committee-admin-page';
import { CommitteeCreatePage } from '@/features/committees/pages/committee-create-page';
import { EmailVoteCreatePage, EmailVoteEditPage } from '@/features/email-votes/pages/email-vote-form-pages';
import { EmailVotePage } from '@/features/email-votes/pages/email-vote-page';
import { MemberHomePage } from '@/features/home/pages/member-home-page';
import { MeetingCreatePage, MeetingEditPage } from '@/features/meetings/pages/meeting-form-pages';
import { MeetingPage } from '@/features/meetings/pages/meeting-page';
import { AppLayout } from '@/features/shell/components/app-layout';
import { type RouteHandle, RouteTitle } from '@/features/shell/components/route-title';
import { NotFoundPage } from '@/features/shell/pages/not-found-page';
import { RouteErrorPage } from '@/features/shell/pages/route-error-page';
import { UserEditPage } from '@/features/users/pages/user-edit-page';

function titled(title: string): RouteHandle {
  return { title };
}

/** The page routes: the spec's page paths, and ours where the spec does not show one. */
export const routes: RouteObject[] = [
  {
    element: <RouteTitle />,
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
          { path: '/admin', element: <AdminHomePage />, handle: titled('Admin') },
          {
            path: '/admin/committees/copy',
            element: <CommitteeCopyPage />,
            handle: titled('Copy Committees'),
          },
          {
            path: '/admin/committee/create',
            element: <CommitteeCreatePage />,
            handle: titled('Add Committee'),
          },
          { path: '/admin/committee/:code', element: <CommitteeAdminPage />, handle: titled('Committee') },
          {
            path: '/admin/appointments',
            element: <AppointmentsDashboardPage />,
            handle: titled('Appointments'),
          },
          {
            path: '/admin/appointments/:year',
            element: <AppointmentsDashboardPage />,
            handle: titled('Appointments'),
          },
          { path: '/admin/users/:id/edit', element: <UserEditPage />, handle: titled('Edit User') },
          { path: '/meeting/:committeeCode/:meetingCode', element: <MeetingPage /> },
          { path: '/meeting/:committeeCode/:meetingCode/rsvp', element: <MeetingPage awaitingRsvp /> },
          { path: '/vote/:committeeCode/:voteCode', element: <EmailVotePage /> },
          {
            path: '/admin/committee/:code/meeting/create',
            element: <MeetingCreatePage />,
            handle: titled('New Meeting'),
          },
          {
            path: '/admin/committee/:code/meeting/:meetingCode/edit',
            element: <MeetingEditPage />,
            handle: titled('Edit Meeting'),
          },
          {
            path: '/admin/committee/:code/vote/create',
            element: <EmailVoteCreatePage />,
            handle: titled('New Email Vote'),
          },
          {
            path: '/admin/committee/:code/vote/:voteCode/edit',
            element: <EmailVoteEditPage />,
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
