import { expect, test } from '@playwright/test';
import { ADMIN, apiCall, expectAccessible, signIn, watchCsp } from './support.js';

test('the demo admin signs in, sees the app shell and their permissions, and signs out', async ({ page }) => {
  await watchCsp(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'the login page');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
  await expectAccessible(page, 'the member home');

  // The session cookie is httpOnly: ask the API from inside the page, as the app does.
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/me', { headers: { Accept: 'application/json' } });
    return { status: res.status, body: (await res.json()) as { permissions?: unknown } };
  });
  expect(me.status).toBe(200);
  expect(Array.isArray(me.body.permissions)).toBe(true);
  const permissions = me.body.permissions as string[];
  expect(permissions.length).toBeGreaterThan(0);
  expect(permissions).toContain('run meetings');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a browser whose session is gone is told so and asked to sign in again', async ({
  page,
  context,
  baseURL,
}) => {
  // A well-formed session cookie that no longer matches a session (expired, or signed out elsewhere).
  await context.addCookies([
    { name: 'gavel_session', value: 'x'.repeat(43), url: baseURL ?? 'http://localhost:8080' },
  ]);
  await page.goto('/admin');
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  expect((await context.cookies()).find((c) => c.name === 'gavel_session')).toBeUndefined();
});

test('a tab whose page chunk is gone after a deploy reloads once and shows the page', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
  // The admin home's chunk is missing once (a newer build replaced it), then served again.
  let refused = 0;
  await page.route('**/assets/admin-home-page-*.js', async (route) => {
    if (refused++ === 0) return route.fulfill({ status: 404, body: 'Not found.' });
    return route.fallback();
  });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Admin', exact: true }).first().click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin(\?|$)/);
  expect(refused).toBeGreaterThanOrEqual(2);
});

test('a first visit whose app script never arrives says so and offers a reload', async ({ page }) => {
  await page.route('**/assets/index-*.js', (route) => route.fulfill({ status: 404, body: 'Not found.' }));
  await page.goto('/login');
  await expect(page.getByText('Loading Gavel…')).toBeVisible();
  const stuck = page.getByText('Gavel is taking longer than usual to load.');
  await expect(stuck).toBeHidden();
  // Play the page's CSS delays a hundred times faster instead of waiting 15 s.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 100 });
  await expect(stuck).toBeVisible();
  await page.unroute('**/assets/index-*.js');
  await page.getByRole('link', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Loading Gavel…')).toBeHidden();
});

test('a save refused because the session ended keeps the form: the user signs in again over it and saves', async ({
  page,
  context,
  baseURL,
  playwright,
}) => {
  await signIn(page, ADMIN);
  const year = new Date().getFullYear() + 3;
  const code = `SE${Date.now() % 100_000}`;
  await page.goto(`/admin/committee/create?year=${year}`);
  await page.getByLabel('Name', { exact: true }).fill('Session Check Committee');
  await page.getByLabel('Code', { exact: true }).fill(code);

  // The session ends elsewhere (signed out from another place with the same cookie).
  const session = (await context.cookies()).find((c) => c.name === 'gavel_session');
  const elsewhere = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: session ? [session] : [], origins: [] },
  });
  await elsewhere.get('/api/me');
  const xsrf = (await elsewhere.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const out = await elsewhere.post('/api/auth/logout', {
    headers: { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': decodeURIComponent(xsrf) },
  });
  expect(out.ok()).toBe(true);
  await elsewhere.dispose();

  await page.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(dialog).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Session Check Committee');
  await expectAccessible(page, 'the sign-in-again dialog');
  await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/committee/${code}`));
  await apiCall(page, 'DELETE', `/api/admin/committee/${code}?year=${year}`);
});
