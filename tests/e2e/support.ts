import { expect, type Page } from '@playwright/test';

/** The demo logins the seed creates (`npm run up` prints them too). */
export const DEMO_PASSWORD = 'gavel-demo';
export const ADMIN = { email: 'admin@demo.gavel.test', password: DEMO_PASSWORD };

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}
