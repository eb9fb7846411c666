import { screen, waitFor } from '@testing-library/react';
import * as React from 'react';
import { Link, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFocusAfterNavigation } from '@/lib/use-focus-after-navigation';
import { renderApp } from '@/test/render';

function Layout() {
  const main = React.useRef<HTMLElement>(null);
  useFocusAfterNavigation(main);
  return (
    <main ref={main}>
      <Outlet />
    </main>
  );
}

/** A page that places focus itself, as a form with a field to fill first does. */
function FocusedField() {
  const field = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => field.current?.focus(), []);
  return <input ref={field} aria-label="Name" />;
}

const routes = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <h1>Home</h1> },
      { path: '/list', element: <h1>The list</h1> },
      { path: '/form', element: <FocusedField /> },
    ],
  },
];

describe('useFocusAfterNavigation', () => {
  it("puts focus left on nothing on the new page's title, and leaves focus a page placed itself", async () => {
    const { router } = renderApp('/', { routes });
    await screen.findByRole('heading', { name: 'Home' });
    expect(document.activeElement).toBe(document.body); // the first page is the browser's to focus
    await router.navigate('/list');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'The list' })),
    );
    await router.navigate('/form');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it("puts focus on the first page's title when the app came to the layout from a page outside it", async () => {
    const withSignIn = [...routes, { path: '/login', element: <Link to="/list">Sign in</Link> }];
    const { router, user } = renderApp('/login', { routes: withSignIn });
    // Signing in: the sign-in page, and its focused button, go.
    await user.click(await screen.findByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'The list' })),
    );
  });

  it('keeps focus that is still on the page after a move (a link in the layout)', async () => {
    const withNav = [
      {
        ...routes[0],
        element: (
          <>
            <Link to="/list">List</Link>
            <Layout />
          </>
        ),
      },
    ];
    const { router, user } = renderApp('/', { routes: withNav });
    await user.click(await screen.findByRole('link', { name: 'List' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/list'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'List' }));
  });
});
