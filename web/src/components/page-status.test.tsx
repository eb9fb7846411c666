import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as React from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorState, QueryResult, retryCannotHelp } from '@/components/page-status';
import { ApiError } from '@/lib/api-client';

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/thing', element },
      { path: '/', element: <p>Home page</p> },
      { path: '/list', element: <p>List page</p> },
    ],
    { initialEntries: ['/thing'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ErrorState', () => {
  it('offers a retry for a failure a retry may mend', async () => {
    const retry = vi.fn();
    renderAt(<ErrorState message="Down" error={new ApiError(500, '')} onRetry={retry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('offers the way back instead of a retry when the thing does not exist', async () => {
    const router = renderAt(
      <ErrorState
        message="Thing not found."
        error={new ApiError(404, 'Thing not found.')}
        onRetry={() => {}}
        back={{ to: '/list', label: 'Go to List' }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to List' }));
    expect(router.state.location.pathname).toBe('/list');
  });

  it('is no dead end when nothing can be retried (a page the user may not open): it goes home', async () => {
    const router = renderAt(<ErrorState heading="Add Committee" message="You may not." />);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes home by default, also from a QueryResult', async () => {
    const query = { isPending: false, data: undefined, error: new ApiError(404, 'Gone.'), refetch: vi.fn() };
    const router = renderAt(<QueryResult query={query}>{() => null}</QueryResult>);
    expect(screen.getByText('Gone.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('tells failures no retry can mend (not found, forbidden) from the others', () => {
    expect(retryCannotHelp(new ApiError(404, ''))).toBe(true);
    expect(retryCannotHelp(new ApiError(403, ''))).toBe(true);
    expect(retryCannotHelp(new ApiError(500, ''))).toBe(false);
    expect(retryCannotHelp(new ApiError(503, ''))).toBe(false);
    expect(retryCannotHelp(new Error('404'))).toBe(false);
    expect(retryCannotHelp(undefined)).toBe(false);
  });
});
