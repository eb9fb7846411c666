import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeTitle } from '@/features/shell/components/route-title';
import { mockFetch } from '@/test/fetch-mock';
import { makeMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';

describe('tab titles', () => {
  it("take the deepest route's title, or the app's name alone", () => {
    expect(routeTitle([undefined, { title: 'Admin' }])).toBe('Admin · Gavel');
    expect(routeTitle([{ title: 'Outer' }, {}, { title: 'Inner' }])).toBe('Inner · Gavel');
    expect(routeTitle([undefined, {}])).toBe('Gavel');
  });

  it('name each page, and follow navigation to the next one', async () => {
    mockFetch({ 'GET /api/me': { body: makeMe() } });
    const { user } = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Admin' });
    expect(document.title).toBe('Admin · Gavel');
    await user.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(document.title).toBe('Home · Gavel'));
  });

  it('name the sign-in page', async () => {
    mockFetch({ 'GET /api/me': { status: 401, body: { message: 'Unauthenticated.' } } });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(document.title).toBe('Sign in · Gavel');
  });
});
