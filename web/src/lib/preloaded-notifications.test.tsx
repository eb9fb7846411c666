import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { takePreloadedNotifications } from '@/lib/preloaded-notifications';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

describe('preloaded notifications', () => {
  it('takes the well-formed entries off the window once', () => {
    window.__GAVEL_NOTIFICATIONS__ = [
      { type: 'success', message: 'Profile saved' },
      { type: 'shout', message: 'not a type' },
      { type: 'info' },
      'nonsense',
      { type: 'warning', message: 'Check your phone number' },
    ];
    expect(takePreloadedNotifications()).toEqual([
      { type: 'success', message: 'Profile saved' },
      { type: 'warning', message: 'Check your phone number' },
    ]);
    expect(takePreloadedNotifications()).toEqual([]);
  });

  it('ignores a value that is not an array', () => {
    window.__GAVEL_NOTIFICATIONS__ = { type: 'info', message: 'x' };
    expect(takePreloadedNotifications()).toEqual([]);
  });

  it('shows each one as a toast when the app starts', async () => {
    window.__GAVEL_NOTIFICATIONS__ = [
      { type: 'error', message: 'Your link has expired' },
      { type: 'info', message: 'Welcome back' },
    ];
    mockFetch({ 'GET /api/me': { status: 401, body: { message: '' } } });
    renderApp('/login');
    expect(await screen.findByText('Your link has expired')).toBeTruthy();
    expect(await screen.findByText('Welcome back')).toBeTruthy();
  });
});
