import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The demo logins the seed creates (`npm run up` prints them too). */
export const DEMO_PASSWORD = 'gavel-demo';
export const ADMIN = { email: 'admin@demo.gavel.test', password: DEMO_PASSWORD };

/**
 * Records the Content-Security-Policy violations of the page's documents from its next navigation on, for
 * expectAccessible to report (the policy blocks what the app never needs: eval, foreign scripts).
 */
export async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`),
    );
  });
}

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await watchCsp(page);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/**
 * A JSON call to the API as the signed-in user of `page` (setup a test needs but does not test), with the
 * headers the app sends: X-Requested-With and the double-submit CSRF token from the XSRF-TOKEN cookie.
 */
export async function apiCall(page: Page, method: string, path: string, body?: unknown): Promise<unknown> {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.fetch(path, {
    method,
    headers: { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': decodeURIComponent(csrf) },
    ...(body === undefined ? {} : { data: body }),
  });
  const text = await res.text();
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * What the page shows now passes axe's WCAG 2 A/AA and best-practice rules (names, labels, contrast,
 * landmarks, ARIA): each violation is listed with the elements it concerns. The page also broke no
 * Content-Security-Policy rule so far (when watchCsp, which signIn calls, was set up for it).
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // A live page may change a badge while axe reads it (a member's voting status turning to 'voted'): without
  // transitions, its colours are the settled ones of either state, never a blend between them.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  // In both colour schemes: the dark one has colours of its own (contrast is checked per scheme).
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Colours fade between schemes and states (a badge's text transitions, its background does not):
    // what is checked is what the page settles on.
    await animationsOver(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const found = violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(found, `accessibility of ${what} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
  await still.evaluate((style) => (style as Element).remove());
  const csp = await page.evaluate(() => (window as { __cspViolations?: string[] }).__cspViolations ?? []);
  expect(csp, `Content-Security-Policy violations on ${what}`).toEqual([]);
}

/**
 * The element's height on screen once the page's finite animations are over: a dialog zooms in from
 * 95 %, and a box read during that is smaller than the one the user gets to touch.
 */
export async function settledHeight(locator: Locator): Promise<number | undefined> {
  await animationsOver(locator.page());
  return (await locator.boundingBox())?.height;
}

/** Waits for the page's finite animations and transitions to end (an endless spinner is not waited for). */
async function animationsOver(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
