import {
  EMAIL_VOTE_CHANGED_MEANWHILE,
  EMAIL_VOTE_RULE_ERRORS,
  type TRetrieveEmailVoteReply,
} from '@gavel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { CLOSE_NOW_MESSAGE, CLOSE_NOW_TITLE } from '@/features/email-votes/components/email-vote-form';
import { EMAIL_VOTE_FORM_MESSAGES } from '@/features/email-votes/email-vote-form';
import {
  EMAIL_VOTE_ANSWERED_NOTE,
  EMAIL_VOTE_ENDED_NOTE,
} from '@/features/email-votes/pages/email-vote-form-pages';
import { makeMeetingCommittee, makeMotion, reply } from '@/features/voting/test-fixtures';
import { queryKeys } from '@/lib/query-keys';
import { describedText } from '@/test/described';
import { mockFetch } from '@/test/fetch-mock';
import { makeEmailVote, makeMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const ADMIN = '/api/admin/committee/FIN/vote/EV1';
const MOTIONS = 'GET /api/vote/FIN/EV1/retrieve/motions';
const MOTION_ADMIN = ['create email vote', 'create motions', 'update motions', 'delete motions'];
const DAY_MS = 86_400_000;

function emailVote(overrides: Partial<TRetrieveEmailVoteReply> = {}): TRetrieveEmailVoteReply {
  return {
    ...makeEmailVote({
      start: new Date(Date.now() + DAY_MS).toISOString(),
      end: new Date(Date.now() + 2 * DAY_MS).toISOString(),
      phase: 'planned',
    }),
    committee: makeMeetingCommittee(),
    ...overrides,
  };
}

const voteMotion = (overrides: Parameters<typeof makeMotion>[0] = {}) =>
  makeMotion({ meeting_id: null, email_vote_id: 'ev-1', ...overrides });

function renderEditPage(permissions: string[], vote: TRetrieveEmailVoteReply = emailVote()) {
  const fetchMock = mockFetch({
    'GET /api/me': { body: makeMe({ roles: [], permissions }) },
    'GET /api/vote/FIN/EV1/retrieve/vote': { body: vote },
    [MOTIONS]: { body: reply({ motions: [voteMotion()] }) },
  });
  const app = renderApp('/admin/committee/FIN/vote/EV1/edit');
  return { ...app, fetchMock };
}

async function motionsSection() {
  return screen.findByRole('region', { name: 'Motions' });
}

describe('EmailVoteEditPage: motions', { timeout: 20_000 }, () => {
  it("lists the vote's motions and adds one with the motion form", async () => {
    const { user, fetchMock } = renderEditPage(MOTION_ADMIN);
    const section = await motionsSection();
    expect(await within(section).findByText('Adopt')).toBeTruthy();
    fetchMock.on(`POST ${ADMIN}/motion`, {
      body: { motion: voteMotion({ id: 'mo-2', name: 'Second motion' }), message: 'Motion Added' },
    });
    await user.click(within(section).getByRole('button', { name: 'New Motion' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Motion' });
    const name = (await within(dialog).findByRole('textbox', { name: 'Name' })) as HTMLElement & {
      editor?: { commands: { setContent: (html: string) => void } };
    };
    act(() => name.editor?.commands.setContent('<p>Second motion</p>'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Motion Added')).toBeTruthy();
    expect(fetchMock.requestsTo(`POST ${ADMIN}/motion`)[0]?.body).toMatchObject({ name: 'Second motion' });
  });

  it('edits a motion in the same form, without leaving the page', async () => {
    const { user, fetchMock, router } = renderEditPage(MOTION_ADMIN);
    const section = await motionsSection();
    fetchMock.on(`PUT ${ADMIN}/motion/mo-1`, { body: { motion: voteMotion(), message: 'Motion Saved' } });
    await user.click(await within(section).findByRole('button', { name: 'Edit Adopt the budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Motion' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Motion Saved')).toBeTruthy();
    expect(fetchMock.requestsTo(`PUT ${ADMIN}/motion/mo-1`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/admin/committee/FIN/vote/EV1/edit');
  });

  it('deletes a motion after the confirmation', async () => {
    const { user, fetchMock } = renderEditPage(MOTION_ADMIN);
    const section = await motionsSection();
    fetchMock.on(`DELETE ${ADMIN}/motion/mo-1`, { body: { ok: true, message: 'Motion deleted' } });
    await user.click(await within(section).findByRole('button', { name: 'Delete Adopt the budget' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Motion Delete' });
    fetchMock.on(MOTIONS, { body: reply({ motions: [] }) });
    await user.click(within(confirm).getByRole('button', { name: 'Confirmed' }));
    expect(await screen.findByText('Motion deleted')).toBeTruthy();
    await waitFor(() => expect(fetchMock.requestsTo(`DELETE ${ADMIN}/motion/mo-1`)).toHaveLength(1));
    // Its Delete button went with it: focus lands on the list's heading, not the page's top.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(section).getByRole('heading', { name: 'Motions' })),
    );
  });

  it('offers no changes once the vote can no longer be modified, or without the motion permissions', async () => {
    const locked = renderEditPage(MOTION_ADMIN, emailVote({ can_modify: false }));
    let section = await motionsSection();
    expect(await within(section).findByText('Adopt')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
    locked.unmount();
    renderEditPage(['create email vote']);
    section = await motionsSection();
    expect(await within(section).findByText('Adopt')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('is titled as it was while loading, with the vote’s name once loaded', async () => {
    renderEditPage(MOTION_ADMIN);
    const title = await screen.findByRole('heading', { level: 1, name: /^Edit Email Vote: / });
    expect(title.textContent).toMatch(/^Edit Email Vote: \S/);
  });

  it('offers no changes once the vote has ended (as on the vote page)', async () => {
    const ended = makeEmailVote({
      start: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      end: new Date(Date.now() - DAY_MS).toISOString(),
      phase: 'ended',
    });
    renderEditPage(MOTION_ADMIN, emailVote(ended));
    const section = await motionsSection();
    expect(await within(section).findByText('Adopt')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });
});

async function voteButtons() {
  const save = (await screen.findByRole('button', { name: 'Save Vote' })) as HTMLButtonElement;
  const remove = screen.getByRole('button', { name: 'Delete Vote' }) as HTMLButtonElement;
  return { save, remove };
}

describe('EmailVoteEditPage: only the actions the server allows', { timeout: 20_000 }, () => {
  it('while it can be modified: saves and deletes', async () => {
    renderEditPage(['create email vote']);
    const { save, remove } = await voteButtons();
    expect(save.disabled).toBe(false);
    expect(remove.disabled).toBe(false);
  });

  it('with responses: saves only Closes (Name, Opens and Description are disabled and say why); Delete Vote is disabled', async () => {
    const answered = emailVote({
      start: new Date(Date.now() - DAY_MS).toISOString(),
      phase: 'in_progress',
      can_modify: false,
    });
    renderEditPage(['create email vote'], answered);
    const { save, remove } = await voteButtons();
    expect(save.disabled).toBe(false);
    expect(remove.disabled).toBe(true);
    expect(describedText(remove)).toBe(EMAIL_VOTE_ANSWERED_NOTE);
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.disabled).toBe(true);
    expect(describedText(name)).toBe(EMAIL_VOTE_RULE_ERRORS.nameHasResponses.message);
    expect((screen.getByRole('textbox', { name: 'Opens' }) as HTMLInputElement).disabled).toBe(true);
    const description = await screen.findByRole('textbox', { name: 'Description' });
    expect(description.getAttribute('aria-disabled')).toBe('true');
    expect(describedText(description)).toBe(EMAIL_VOTE_RULE_ERRORS.descriptionHasResponses.message);
    // Closes alone stays open to change.
    expect((screen.getByRole('textbox', { name: 'Closes' }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Closes' }).closest('fieldset[disabled]')).toBeNull();
  });

  it('ended: Save Vote and Delete Vote are disabled and say why', async () => {
    const ended = emailVote({
      start: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      end: new Date(Date.now() - DAY_MS).toISOString(),
      phase: 'ended',
      can_modify: false,
    });
    renderEditPage(['create email vote'], ended);
    const { save, remove } = await voteButtons();
    expect(save.disabled).toBe(true);
    expect(remove.disabled).toBe(true);
    expect(describedText(save)).toBe(EMAIL_VOTE_ENDED_NOTE);
    expect(describedText(remove)).toBe(EMAIL_VOTE_ENDED_NOTE);
    // Its fields are shown, not offered for editing.
    // (Inside a disabled fieldset, which browsers honour through nested fieldsets; jsdom's :disabled does not.)
    expect(screen.getByRole('textbox', { name: 'Name' }).closest('fieldset[disabled]')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Closes' }).closest('fieldset[disabled]')).not.toBeNull();
    expect((await screen.findByRole('textbox', { name: 'Description' })).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('locks when the vote closes while the page is open, without waiting for a refusal', async () => {
    const closing = emailVote({
      start: new Date(Date.now() - DAY_MS).toISOString(),
      end: new Date(Date.now() + 3_000).toISOString(),
      phase: 'in_progress',
      can_modify: false,
    });
    renderEditPage(['create email vote'], closing);
    const { save } = await voteButtons();
    expect(save.disabled).toBe(false);
    await waitFor(() => expect(save.disabled).toBe(true), { timeout: 6_000 });
    expect(describedText(save)).toBe(EMAIL_VOTE_ENDED_NOTE);
  });

  it('while it runs: its fields stay editable', async () => {
    renderEditPage(['create email vote']);
    await voteButtons();
    expect(screen.getByRole('textbox', { name: 'Name' }).closest('fieldset[disabled]')).toBeNull();
    expect(
      (await screen.findByRole('textbox', { name: 'Description' })).getAttribute('aria-disabled'),
    ).toBeNull();
  });
});

describe('EmailVoteForm: messages worded after the labels, focus on the first invalid field', {
  timeout: 20_000,
}, () => {
  function renderCreatePage() {
    const fetchMock = mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: ['create email vote'] }) },
    });
    return { ...renderApp('/admin/committee/FIN/vote/create'), fetchMock };
  }

  it('asks for a name of at least 2 characters, in the words of the other forms, and focuses Name', async () => {
    const { user, fetchMock } = renderCreatePage();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Create Vote' }));
    expect(describedText(name)).toContain('The name field is required.');
    expect(document.activeElement).toBe(name);
    await user.type(name, 'B');
    await user.click(screen.getByRole('button', { name: 'Create Vote' }));
    expect(describedText(name)).toContain('The name must be at least 2 characters.');
    expect(fetchMock.requestsTo('POST /api/admin/committee/FIN/vote')).toHaveLength(0);
  });

  it('asks when the vote opens and closes, and focuses Opens', async () => {
    const { user, fetchMock } = renderCreatePage();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Budget');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'B1');
    await user.click(screen.getByRole('button', { name: 'Create Vote' }));
    const opens = screen.getByRole('textbox', { name: 'Opens' });
    const closes = screen.getByRole('textbox', { name: 'Closes' });
    expect(describedText(opens)).toBe('Enter when the vote opens.');
    expect(describedText(closes)).toBe('Enter when the vote closes.');
    expect(document.activeElement).toBe(opens);
    expect(fetchMock.requestsTo('POST /api/admin/committee/FIN/vote')).toHaveLength(0);
  });

  it('says Closes must be after Opens, in the server’s words, and focuses Closes', async () => {
    const { user } = renderCreatePage();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Budget');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'B1');
    await user.type(screen.getByRole('textbox', { name: 'Opens' }), '11/24/2031 9:00 AM');
    const closes = screen.getByRole('textbox', { name: 'Closes' });
    await user.clear(closes);
    await user.type(closes, '11/23/2031 9:00 AM');
    await user.click(screen.getByRole('button', { name: 'Create Vote' }));
    expect(describedText(closes)).toBe(EMAIL_VOTE_RULE_ERRORS.endAfterStart.message);
    expect(document.activeElement).toBe(closes);
  });

  it("shows the server's start and end messages under Opens and Closes, and focuses Opens", async () => {
    const { user, fetchMock } = renderEditPage(['create email vote']);
    const moved = EMAIL_VOTE_RULE_ERRORS.startHasResponses.message;
    const backwards = EMAIL_VOTE_RULE_ERRORS.endAfterStart.message;
    fetchMock.on(`PUT ${ADMIN}`, {
      status: 422,
      body: { message: moved, errors: { end: [backwards], start: [moved] } },
    });
    const { save } = await voteButtons();
    await user.click(save);
    const opens = screen.getByRole('textbox', { name: 'Opens' });
    await waitFor(() => expect(describedText(opens)).toBe(moved));
    expect(describedText(screen.getByRole('textbox', { name: 'Closes' }))).toBe(backwards);
    expect(document.activeElement).toBe(opens);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

/** A picker's text for an instant (MM/DD/YYYY h:mm AM). */
const pickerText = (ms: number) => format(new Date(ms), 'MM/dd/yyyy h:mm a');

function renderCreate() {
  const fetchMock = mockFetch({
    'GET /api/me': { body: makeMe({ roles: [], permissions: ['create email vote'] }) },
  });
  return { ...renderApp('/admin/committee/FIN/vote/create'), fetchMock };
}

async function fillNameAndCode(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Budget');
  await user.type(screen.getByRole('textbox', { name: 'Code' }), 'B1');
}

describe('EmailVoteForm: the voting window', { timeout: 20_000 }, () => {
  it('refuses to create a vote whose window is already over, saying so under Closes', async () => {
    const { user, fetchMock } = renderCreate();
    await fillNameAndCode(user);
    await user.type(screen.getByRole('textbox', { name: 'Opens' }), pickerText(Date.now() - 2 * DAY_MS));
    const closes = screen.getByRole('textbox', { name: 'Closes' });
    await user.clear(closes);
    await user.type(closes, pickerText(Date.now() - DAY_MS));
    await user.click(screen.getByRole('button', { name: 'Create Vote' }));
    expect(describedText(closes)).toBe(EMAIL_VOTE_RULE_ERRORS.newEndInPast.message);
    expect(document.activeElement).toBe(closes);
    expect(fetchMock.requestsTo('POST /api/admin/committee/FIN/vote')).toHaveLength(0);
  });

  it('says only how to write a mistyped date, not that it is missing', async () => {
    const { user } = renderCreate();
    await fillNameAndCode(user);
    const opens = screen.getByRole('textbox', { name: 'Opens' });
    await user.type(opens, '11/31/2026 9:00 AM');
    await user.click(screen.getByRole('button', { name: 'Create Vote' }));
    expect(describedText(opens)).toBe('Enter it as MM/DD/YYYY h:mm AM.');
    expect(screen.queryByText(EMAIL_VOTE_FORM_MESSAGES.start)).toBeNull();
    expect(screen.getAllByText('Enter it as MM/DD/YYYY h:mm AM.')).toHaveLength(1);
    // Fixed, the message goes.
    await user.clear(opens);
    await user.type(opens, '11/30/2031 9:00 AM');
    expect(screen.queryByText('Enter it as MM/DD/YYYY h:mm AM.')).toBeNull();
  });

  it('keeps Opens and Closes side by side on edit, where Code is not shown', async () => {
    renderEditPage(['create email vote']);
    await voteButtons();
    expect(screen.queryByRole('textbox', { name: 'Code' })).toBeNull();
    const window = screen.getByRole('group', { name: 'Voting window' });
    expect(window.className).toContain('sm:grid-cols-2');
    expect(window.children).toHaveLength(2);
    expect(within(window).getByRole('textbox', { name: 'Opens' })).toBeTruthy();
    expect(within(window).getByRole('textbox', { name: 'Closes' })).toBeTruthy();
  });

  it('asks before a save that closes a running vote now, and saves only once confirmed', async () => {
    const { user, fetchMock } = renderEditPage(
      ['create email vote'],
      emailVote({ start: new Date(Date.now() - DAY_MS).toISOString(), phase: 'in_progress' }),
    );
    fetchMock.on(`PUT ${ADMIN}`, { body: makeEmailVote({ phase: 'ended' }) });
    const { save } = await voteButtons();
    const closes = screen.getByRole('textbox', { name: 'Closes' });
    await user.clear(closes);
    await user.type(closes, pickerText(Date.now() - 3_600_000));
    await user.click(save);
    let dialog = await screen.findByRole('alertdialog', { name: CLOSE_NOW_TITLE });
    expect(within(dialog).getByText(CLOSE_NOW_MESSAGE)).toBeTruthy();
    expect(CLOSE_NOW_MESSAGE).toMatch(/close this vote now.*cannot be reopened/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetchMock.requestsTo(`PUT ${ADMIN}`)).toHaveLength(0);

    await user.click(save);
    dialog = await screen.findByRole('alertdialog', { name: CLOSE_NOW_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Save and close' }));
    await waitFor(() => expect(fetchMock.requestsTo(`PUT ${ADMIN}`)).toHaveLength(1));
  });

  it('refuses to close a vote that has not opened yet, saying so under Closes, instead of asking', async () => {
    const { user, fetchMock } = renderEditPage(['create email vote']);
    const { save } = await voteButtons();
    const opens = screen.getByRole('textbox', { name: 'Opens' });
    await user.clear(opens);
    await user.type(opens, pickerText(Date.now() - 2 * DAY_MS));
    const closes = screen.getByRole('textbox', { name: 'Closes' });
    await user.clear(closes);
    await user.type(closes, pickerText(Date.now() - DAY_MS));
    await user.click(save);
    expect(describedText(closes)).toBe(EMAIL_VOTE_RULE_ERRORS.plannedEndInPast.message);
    expect(screen.queryByRole('alertdialog', { name: CLOSE_NOW_TITLE })).toBeNull();
    expect(fetchMock.requestsTo(`PUT ${ADMIN}`)).toHaveLength(0);
  });

  it('saves a Closes still in the future without asking', async () => {
    const { user, fetchMock } = renderEditPage(['create email vote']);
    fetchMock.on(`PUT ${ADMIN}`, { body: makeEmailVote() });
    const { save } = await voteButtons();
    await user.click(save);
    await waitFor(() => expect(fetchMock.requestsTo(`PUT ${ADMIN}`)).toHaveLength(1));
    expect(screen.queryByRole('alertdialog', { name: CLOSE_NOW_TITLE })).toBeNull();
  });

  it('with responses: Opens is disabled and says why, and the save keeps the start where it was', async () => {
    const start = new Date(Date.now() - DAY_MS);
    start.setSeconds(0, 0);
    const answered = emailVote({ start: start.toISOString(), phase: 'in_progress', can_modify: false });
    const { user, fetchMock } = renderEditPage(['create email vote'], answered);
    fetchMock.on(`PUT ${ADMIN}`, { body: makeEmailVote({ can_modify: false }) });
    const { save } = await voteButtons();
    const opens = screen.getByRole('textbox', { name: 'Opens' }) as HTMLInputElement;
    expect(opens.disabled).toBe(true);
    expect(describedText(opens)).toBe(EMAIL_VOTE_RULE_ERRORS.startHasResponses.message);
    const opensCalendar = screen.getByRole('button', { name: 'Choose Opens date' }) as HTMLButtonElement;
    expect(opensCalendar.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Choose Closes date' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    const closes = screen.getByRole('textbox', { name: 'Closes' });
    await user.clear(closes);
    await user.type(closes, pickerText(Date.now() + 3 * DAY_MS));
    await user.click(save);
    await waitFor(() => expect(fetchMock.requestsTo(`PUT ${ADMIN}`)).toHaveLength(1));
    expect(fetchMock.requestsTo(`PUT ${ADMIN}`)[0]?.body).toMatchObject({ start: start.toISOString() });
  });
});

describe('EmailVoteEditPage: a change someone else saved meanwhile', { timeout: 20_000 }, () => {
  it("sends the vote's updated_at as loaded; the service's 409 shows in the error dialog, keeping the form", async () => {
    const vote = emailVote({ name: 'Budget Approval', updated_at: '2026-11-01T12:00:00.000Z' });
    const { user, fetchMock, router, queryClient } = renderEditPage(['create email vote'], vote);
    fetchMock.on(`PUT ${ADMIN}`, { status: 409, body: { message: EMAIL_VOTE_CHANGED_MEANWHILE } });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, ' (mine)');
    // The page's query refetches meanwhile (another tab's save invalidated it): the form still saves over
    // the vote it showed, not the newer one it never showed.
    fetchMock.on('GET /api/vote/FIN/EV1/retrieve/vote', {
      body: emailVote({ name: 'Their name', updated_at: '2026-11-02T08:00:00.000Z' }),
    });
    await queryClient.refetchQueries({ queryKey: queryKeys.meetings.emailVote('FIN', 'EV1') });
    await user.click(screen.getByRole('button', { name: 'Save Vote' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error Saving Vote' });
    expect(within(dialog).getByText(EMAIL_VOTE_CHANGED_MEANWHILE)).toBeTruthy();
    const puts = fetchMock.requestsTo(`PUT ${ADMIN}`);
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({
      name: 'Budget Approval (mine)',
      start: vote.start,
      end: vote.end,
      updated_at: '2026-11-01T12:00:00.000Z',
    });
    expect(router.state.location.pathname).toBe('/admin/committee/FIN/vote/EV1/edit');
    expect((name as HTMLInputElement).value).toBe('Budget Approval (mine)');
  });
});

describe('EmailVoteEditPage: a vote that does not exist', () => {
  it('says so and leads back to the committee admin page, with nothing to retry', async () => {
    mockFetch({
      'GET /api/me': { body: makeMe({ roles: [], permissions: ['create email vote'] }) },
      'GET /api/vote/FIN/EV1/retrieve/vote': { status: 404, body: { message: 'Vote not found.' } },
    });
    renderApp('/admin/committee/FIN/vote/EV1/edit');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Vote not found.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to Committee Admin' }).getAttribute('href')).toBe(
      '/admin/committee/FIN',
    );
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('EmailVoteEditPage: what it keeps and where it leads', { timeout: 20_000 }, () => {
  it("keeps the vote's exact opening (with its seconds), name and description when they are left alone", async () => {
    // As the demo seed makes it: opened at "now", with seconds and milliseconds.
    const start = new Date(Date.now() - DAY_MS);
    start.setSeconds(30, 123);
    const answered = emailVote({
      name: 'Budget Approval',
      description: '<p>Read this first</p>',
      start: start.toISOString(),
      phase: 'in_progress',
      can_modify: false,
    });
    const { user, fetchMock } = renderEditPage(['create email vote'], answered);
    fetchMock.on(`PUT ${ADMIN}`, { body: makeEmailVote({ can_modify: false }) });
    const { save } = await voteButtons();
    await user.click(save);
    await waitFor(() => expect(fetchMock.requestsTo(`PUT ${ADMIN}`)).toHaveLength(1));
    expect(fetchMock.requestsTo(`PUT ${ADMIN}`)[0]?.body).toMatchObject({
      name: 'Budget Approval',
      description: '<p>Read this first</p>',
      start: start.toISOString(),
      end: answered.end,
    });
  });

  it('says when the motions could not be loaded, instead of "No motions to show", and retries', async () => {
    const { user, fetchMock } = renderEditPage(MOTION_ADMIN);
    fetchMock.on(MOTIONS, { status: 500, body: { message: 'Motions are unavailable.' } });
    const section = await motionsSection();
    const alert = await within(section).findByRole('alert');
    expect(within(alert).getByText('Motions are unavailable.')).toBeTruthy();
    expect(within(section).queryByText('No motions to show')).toBeNull();
    fetchMock.on(MOTIONS, { body: reply({ motions: [voteMotion()] }) });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('Adopt')).toBeTruthy();
  });

  it("leads Cancel back to the admin page of the vote's own committee year", async () => {
    renderEditPage(['create email vote'], emailVote({ committee: makeMeetingCommittee({ year: 2025 }) }));
    await voteButtons();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(
      '/admin/committee/FIN?year=2025',
    );
  });
});
