import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, apiCall, DEMO_PASSWORD, expectAccessible, settledHeight, signIn } from './support.js';

/**
 * A live meeting end to end, on a meeting of its own in the demo committee FIN (the demo meeting M1 keeps
 * whatever state an earlier run left it in): the runner starts the meeting and runs a vote, two members in
 * their own browsers vote and see the result arrive live, the runner hides the breakdown, and an amendment
 * passes by unanimous consent. Then an email vote of its own takes a member's vote.
 */

const RUNNER = { email: 'runner@demo.gavel.test', password: DEMO_PASSWORD };
const MEMBER1 = { email: 'member1@demo.gavel.test', password: DEMO_PASSWORD };
const MEMBER2 = { email: 'member2@demo.gavel.test', password: DEMO_PASSWORD };
// The narrowest phone the voting controls are made for.
const PHONE = { width: 360, height: 740 };
// The phone width of the meeting page's screenshots (a common phone today).
const PHONE_SHOT = { width: 390, height: 844 };

interface AttendanceMember {
  user_id: string;
  is_voting: boolean;
}

async function signedInPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

async function screenshot(page: Page, name: string, viewport?: { width: number; height: number }) {
  const before = page.viewportSize();
  if (viewport) await page.setViewportSize(viewport);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  await test.info().attach(name, { path: test.info().outputPath(`${name}.png`), contentType: 'image/png' });
  if (viewport && before) await page.setViewportSize(before);
}

test('a runner runs a live vote that two members cast from their own browsers', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const base = `/meeting/FIN/${code}`;
  const motionName = `Adopt the budget ${code}`;

  // The admin's browser sets up what the test does not test: the meeting, and the members' check-ins.
  const admin = await signedInPage(browser, ADMIN);
  await test.step('an admin creates a meeting for today', async () => {
    const now = Date.now();
    await apiCall(admin, 'POST', '/api/admin/committee/FIN/meeting', {
      code,
      name: `Live meeting ${code}`,
      start: new Date(now - 60_000).toISOString(),
      end: new Date(now + 3 * 3600_000).toISOString(),
      allow_in_person: true,
      show_motions: true,
      in_meeting_voting: true,
    });
  });

  await test.step('the runner starts the meeting', async () => {
    await signIn(page, RUNNER);
    await page.goto(base);
    await page.getByRole('button', { name: 'Start Meeting' }).click();
    await page
      .getByRole('alertdialog', { name: 'Start Meeting' })
      .getByRole('button', { name: 'Start Meeting' })
      .click();
    await expect(page.getByText('Meeting Started!')).toBeVisible();
    await expect(page.getByText('Meeting In Progress')).toBeVisible();
  });

  await test.step('the voting members are checked in', async () => {
    const { members } = (await apiCall(admin, 'GET', `/api/meeting/FIN/${code}/retrieve/attendance`)) as {
      members: AttendanceMember[];
    };
    for (const m of members.filter((member) => member.is_voting)) {
      await apiCall(admin, 'POST', `/api/meeting/FIN/${code}/user/${m.user_id}/attendance`, {
        attending_via: 'in_person',
      });
    }
  });

  await test.step('the runner creates a motion', async () => {
    await page.getByRole('button', { name: 'New Motion' }).click();
    const form = page.getByRole('form', { name: 'New Motion' });
    await expect(form.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await expectAccessible(page, 'the motion form');
    await form.getByRole('textbox', { name: 'Name' }).fill(motionName);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Motion Added')).toBeVisible();
  });

  await test.step("the motion's Edit link opens its form, and saving returns to the meeting", async () => {
    await page.getByRole('link', { name: `Edit ${motionName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/committee/FIN/meeting/${code}/motion/[^/]+$`));
    const form = page.getByRole('form', { name: 'Edit Motion' });
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveText(motionName);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Motion Saved')).toBeVisible();
    await expect(page).toHaveURL(base);
  });

  const member1 = await signedInPage(browser, MEMBER1);
  const member2 = await signedInPage(browser, MEMBER2);
  await member1.goto(base);
  await member2.goto(base);
  const card = (p: Page) => p.getByRole('article', { name: motionName });
  await expect(card(member1)).toBeVisible();

  await test.step('second, discussion, and the vote starts', async () => {
    await card(page).getByRole('button', { name: 'Begin Vote' }).click();
    await expect(page.getByRole('dialog', { name: 'Is there a second?' })).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('dialog', { name: 'Discussion or amendments?' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Start Vote' }).click();
    await expect(page.getByText('Vote Started!')).toBeVisible();
  });

  await test.step('two members vote from their own browsers', async () => {
    await member2.setViewportSize(PHONE);
    for (const [member, response] of [
      [member1, 'Approve'],
      [member2, 'Not Approve'],
    ] as const) {
      await card(member)
        .getByRole('button', { name: new RegExp(`^Vote '${response}' on`) })
        .click();
      const confirm = member.getByRole('alertdialog', { name: `Confirm '${response}' Vote` });
      await expect(confirm).toBeVisible();
      if (member === member1) await expectAccessible(member, 'the vote confirmation');
      if (member === member2) {
        // On a phone, the vote and its confirmation are touch-sized (44 px high at least).
        for (const name of ['Cancel', 'Confirmed']) {
          expect(await settledHeight(confirm.getByRole('button', { name }))).toBeGreaterThanOrEqual(44);
        }
      }
      await member.getByRole('button', { name: 'Confirmed' }).click();
      await expect(member.getByText(`${response} Vote Recorded`)).toBeVisible();
    }
    // The runner's live tally counts both without a reload.
    const tally = card(page).getByRole('list', { name: 'Live tally' });
    await expect(tally).toContainText('Approve');
    await expect(tally).toContainText('1');
    // Both members follow the count live too.
    for (const member of [member1, member2]) {
      await expect(card(member).getByText(/Votes received: 2 of \d+/)).toBeVisible();
    }
    await expectAccessible(page, "the runner's meeting page during a vote");
    await expectAccessible(member1, "a member's meeting page during a vote");
    await screenshot(page, 'meeting-runner-desktop');
    await screenshot(page, 'meeting-runner-phone', PHONE_SHOT);
    await screenshot(member1, 'meeting-member-desktop');
    await screenshot(member1, 'meeting-member-phone', PHONE_SHOT);
    await member1.setViewportSize(PHONE);
    await expectAccessible(member1, "a member's meeting page during a vote, on a phone");
    await member1.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('the runner closes the vote and both members see the result live', async () => {
    await card(page).getByRole('button', { name: 'Close Vote' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
    await page.getByRole('button', { name: "Yes, I'm sure" }).click();
    await expect(page.getByText('Vote Closed')).toBeVisible();
    for (const member of [member1, member2]) {
      const breakdown = card(member).getByRole('table', { name: /breakdown/ });
      await expect(breakdown).toBeVisible();
      await expect(card(member)).toContainText(
        /A minimum of \d+ members are required to validate the vote, only 2 received/,
      );
    }
    await expectAccessible(member1, 'the results of a closed vote');
  });

  await test.step('the runner hides the breakdown and a member loses it live', async () => {
    await card(page).getByRole('button', { name: 'Hide Breakdown' }).click();
    await expect(page.getByText('Results Breakdown Hidden')).toBeVisible();
    await expect(card(member1).getByRole('table', { name: /breakdown/ })).toHaveCount(0);
  });

  await test.step('an amendment passes by unanimous consent', async () => {
    const second = `Fund the outreach program ${code}`;
    await page.getByRole('button', { name: 'New Motion' }).click();
    await page.getByRole('form', { name: 'New Motion' }).getByRole('textbox', { name: 'Name' }).fill(second);
    await page.getByRole('form', { name: 'New Motion' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Motion Added')).toBeVisible();
    const amendment = `Double the outreach budget ${code}`;
    await page.getByRole('article', { name: second }).getByRole('button', { name: 'Amend' }).click();
    const form = page.getByRole('form', { name: 'Amend Motion' });
    await form.getByRole('textbox', { name: 'Name' }).fill(amendment);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Amendment Saved')).toBeVisible();
    await page
      .getByRole('article', { name: new RegExp(amendment) })
      .getByRole('button', { name: 'Begin Amendment Vote' })
      .click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Unanimous Consent' }).click();
    await expect(page.getByText('The motion was amended by unanimous consent.')).toBeVisible();
  });

  await test.step('the runner ends the meeting, and the admin removes it', async () => {
    await page.getByRole('button', { name: 'End Meeting' }).click();
    await page
      .getByRole('alertdialog', { name: 'End Meeting' })
      .getByRole('button', { name: 'End Meeting' })
      .click();
    await expect(page.getByText('Meeting Ended!')).toBeVisible();
    await expect(member1.getByText('Meeting Ended', { exact: true })).toBeVisible();
    await apiCall(admin, 'DELETE', `/api/admin/committee/FIN/meeting/${code}`);
  });

  for (const p of [member1, member2, admin]) await p.context().close();
});

test('an admin creates a meeting with the date-time pickers, typed and picked', async ({ page }) => {
  test.setTimeout(60_000);
  const code = `E2P${Date.now().toString(36).toUpperCase()}`;
  // The 10th and 12th of next month: both on the calendar that opens at the start's month.
  const now = new Date();
  const month = String(((now.getMonth() + 1) % 12) + 1).padStart(2, '0');
  const year = now.getMonth() === 11 ? now.getFullYear() + 1 : now.getFullYear();
  const monthName = new Date(year, Number(month) - 1, 1).toLocaleString('en-US', { month: 'long' });
  await signIn(page, ADMIN);
  await page.goto('/admin/committee/FIN/meeting/create');
  const form = page.getByRole('form', { name: 'Meeting' });
  await form.getByLabel('Name', { exact: true }).fill(`Picked meeting ${code}`);
  await form.getByLabel('Code', { exact: true }).fill(code);
  const start = form.getByLabel('Start', { exact: true });
  const end = form.getByLabel('End', { exact: true });
  await expect(start).toHaveAttribute('placeholder', 'MM/DD/YYYY h:mm AM');
  await expectAccessible(page, 'the meeting form');
  await start.fill(`${month}/10/${year} 9:00 am`);
  await end.fill(`${month}/10/${year} 11:30 AM`);
  await start.blur();
  await expect(start).toHaveValue(`${month}/10/${year} 9:00 AM`);
  // Picking another day for the start keeps the time and moves the linked end with it.
  await form.getByRole('button', { name: 'Choose Start date' }).click();
  await expectAccessible(page, 'the date picker');
  await page.getByRole('button', { name: new RegExp(`${monthName} 12, ${year}`) }).click();
  await expect(start).toHaveValue(`${month}/12/${year} 9:00 AM`);
  await expect(end).toHaveValue(`${month}/12/${year} 11:30 AM`);
  await form.getByRole('button', { name: 'Create Meeting' }).click();
  await expect(page.getByText('Meeting Added')).toBeVisible();
  await expect(page).toHaveURL(`/meeting/FIN/${code}`);
  await apiCall(page, 'DELETE', `/api/admin/committee/FIN/meeting/${code}`);
});

test("the email vote page counts down and takes a member's vote", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const code = `EV${Date.now().toString(36).toUpperCase()}`;
  const motionName = `Adopt the revised bylaws ${code}`;
  await signIn(page, ADMIN);
  const ballot = { name: `Ballot ${code}`, start: new Date(Date.now() - 60_000).toISOString() };
  await apiCall(page, 'POST', '/api/admin/committee/FIN/vote', {
    code,
    ...ballot,
    end: new Date(Date.now() + 2 * 24 * 3600_000).toISOString(),
  });
  await apiCall(page, 'POST', `/api/admin/committee/FIN/vote/${code}/motion`, {
    name: motionName,
    vote_type: 'simple_majority',
  });

  const member = await signedInPage(browser, MEMBER1);
  await member.goto(`/vote/FIN/${code}`);
  await expect(member.getByText('Vote Active')).toBeVisible();
  const countdown = member.getByRole('timer');
  await expectAccessible(member, "a member's email vote page");
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '');
  const card = member.getByRole('article', { name: motionName });
  await card.getByRole('button', { name: /^Vote 'Approve' on/ }).click();
  await member.getByRole('button', { name: 'Confirmed' }).click();
  await expect(member.getByText('Approve Vote Recorded')).toBeVisible();
  await member.context().close();
  // With a response it cannot be deleted; closed now, it leaves the demo members' open votes.
  await apiCall(page, 'PUT', `/api/admin/committee/FIN/vote/${code}`, {
    ...ballot,
    end: new Date().toISOString(),
  });
});

test('an email vote deleted from its edit page is not asked for again', async ({ page }) => {
  const code = `DEL${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, ADMIN);
  const tomorrow = Date.now() + 24 * 3600_000;
  await apiCall(page, 'POST', '/api/admin/committee/FIN/vote', {
    code,
    name: `To delete ${code}`,
    start: new Date(tomorrow).toISOString(),
    end: new Date(tomorrow + 24 * 3600_000).toISOString(),
  });
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && response.url().includes(`/${code}/`)) missing.push(response.url());
  });
  await page.goto(`/admin/committee/FIN/vote/${code}/edit`);
  await page.getByRole('button', { name: 'Delete Vote' }).click();
  await page.getByRole('button', { name: "Yes, I'm sure" }).click();
  await expect(page.getByText('Vote Deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/committee\/FIN(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Email Votes' })).toBeVisible();
  expect(missing).toEqual([]);
});
