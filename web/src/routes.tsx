import type { RouteObject } from 'react-router';
import { AdminHomePage } from '@/features/admin/pages/admin-home-page';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { BypassPage } from '@/features/auth/pages/bypass-page';
import { LoginPage } from '@/features/auth/pages/login-page';
import { AppLayout } from '@/features/shell/components/app-layout';
import { NotFoundPage } from '@/features/shell/pages/not-found-page';
import { UserEditPage } from '@/features/users/pages/user-edit-page';

/** The page routes: the spec's page paths. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/login/bypass', element: <BypassPage /> },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <AdminHomePage /> },
      { path: '/admin', element: <AdminHomePage /> },
      { path: '/admin/users/:id/edit', element: <UserEditPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
