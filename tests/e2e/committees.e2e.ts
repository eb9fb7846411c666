import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, expectAccessible, signIn } from './support.js';

function yearSelect(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Year' });
}

async function chooseYear(page: Page, year: number): Promise<void> {
  await yearSelect(page).click();
  await page.getByRole('option', { name: String(year), exact: true }).click();
}

test('the demo admin switches years on the admin home and follows back and forward', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin');
  const committees = page.getByRole('list', { name: 'Committees' });
  await expect(committees.getByRole('link', { name: /Finance Committee/ })).toBeVisible();
  await expectAccessible(page, 'the admin home');
  const current = Number(await yearSelect(page).textContent());

  await chooseYear(page, current - 1);
  await expect(page).toHaveURL(new RegExp(`/admin\\?year=${current - 1}$`));
  await expect(committees.getByRole('link', { name: /Events Committee/ })).toBeVisible();
  await expect(committees.getByRole('link', { name: /Finance Committee/ })).toHaveCount(0);

  await page.goBack();
  await expect(yearSelect(page)).toHaveText(String(current));
  await expect(committees.getByRole('link', { name: /Finance Committee/ })).toBeVisible();
  await page.goForward();
  await expect(yearSelect(page)).toHaveText(String(current - 1));
  await expect(committees.getByRole('link', { name: /Events Committee/ })).toBeVisible();

  await page.goto('/admin/committee/FIN');
  await expect(page.getByRole('heading', { name: /Finance Committee/ }).first()).toBeVisible();
  await expectAccessible(page, "a committee's admin page");
});

test('the Add Member dialog is keyboard-operable while the user search shows matches', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/admin/committee/FIN');
  await page.getByRole('button', { name: 'Add Member' }).click();
  await page.getByRole('combobox', { name: 'User' }).fill('runner');
  await expect(page.getByRole('option').first()).toBeVisible();
  // Tab leaves the open list for the next field, not back to the dialog and the search box.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Position' })).toBeFocused();
  await expect(page.getByRole('listbox', { name: 'Matching users' })).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('combobox', { name: 'User' })).toBeFocused();
  // Escape closes the list first, then the dialog.
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Matching users' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Add Member' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Add Member' })).toHaveCount(0);
});

test('the demo admin filters the appointments dashboard, accepts after the confirmation, and downloads the CSV', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/admin/appointments');
  await expect(page).toHaveURL(/\/admin\/appointments\/\d{4}$/);

  await page.getByLabel('Last name').fill('four');
  await expect(page.getByRole('heading', { name: 'Member Four' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Member Five' })).toHaveCount(0);
  const budget = page.getByRole('group', { name: 'Status of Member Four on Budget Committee (Member)' });
  const accept = budget.getByRole('button', { name: 'Accept' });
  const tentative = budget.getByRole('button', { name: 'Tentative' });

  // The demo appointment is tentative; a run that stopped half-way may have left it accepted.
  if ((await accept.getAttribute('aria-pressed')) === 'true') {
    await tentative.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(tentative).toHaveAttribute('aria-pressed', 'true');
  }

  await accept.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    "Are you sure you want to Accept this appointment on the user's behalf?",
  );
  await expectAccessible(page, 'the appointments dashboard with its confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(tentative).toHaveAttribute('aria-pressed', 'true');

  await accept.click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await expect(accept).toHaveAttribute('aria-pressed', 'true');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^PolicyAcceptance-\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  // The demo association uses nicknames, so the Nickname column is there; only the filtered rows are.
  expect(lines[0]).toBe('NRDS,First Name,Nickname,Last Name,Email,Committee,Position,Status');
  expect(lines.slice(1)).toContain(
    '100000004,Member,,Four,member4@demo.gavel.test,Budget Committee,Member,Accepted',
  );
  expect(lines.slice(1).every((line) => line.includes(',Four,'))).toBe(true);

  // Leave the demo data as it was.
  await tentative.click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(tentative).toHaveAttribute('aria-pressed', 'true');
});
