import { DEFAULT_VOTING_SETTINGS, type TVotingSettings } from '@gavel/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOTION_FIELD_HINTS } from '@/features/voting/components/motion-form-dialog';
import {
  ADMIN,
  makeMeetingCommittee,
  makeMotion,
  principal,
  RUNNER,
  renderPanel,
  reply,
} from '@/features/voting/test-fixtures';
import { UNSAVED_TEXT, UNSAVED_TITLE } from '@/lib/use-unsaved-changes';
import { describedText } from '@/test/described';
import { mockFetch } from '@/test/fetch-mock';

const RETRIEVE = 'GET /api/meeting/FIN/M1/retrieve/motions';

async function openNew(voting?: TVotingSettings) {
  const app = renderPanel(
    { phase: 'planned', principal: principal(RUNNER), data: reply({ motions: [] }) },
    undefined,
    voting,
  );
  await app.user.click(screen.getByRole('button', { name: 'New Motion' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Motion' });
  return { ...app, dialog };
}

const invalid = (el: Element) => el.getAttribute('aria-invalid') === 'true';

/**
 * Sets a tiptap field's text through its editor: happy-dom has no real contenteditable input (it drops
 * the first key typed into an empty document). Typing itself was checked in Chromium.
 */
async function fillRichText(dialog: HTMLElement, name: string, text: string) {
  const box = await within(dialog).findByRole('textbox', { name });
  const editor = (box as HTMLElement & { editor?: { commands: { setContent: (html: string) => void } } })
    .editor;
  if (!editor) throw new Error(`${name} has no editor`);
  act(() => {
    editor.commands.setContent(text === '' ? '' : `<p>${text}</p>`);
  });
  return box;
}

describe('Motion form', { timeout: 20_000 }, () => {
  it('flags a 1-character name and sends nothing', async () => {
    const fetchMock = mockFetch({});
    const { user, dialog } = await openNew();
    const name = await fillRichText(dialog, 'Name', 'A');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(invalid(name)).toBe(true));
    // It says what to change, and a screen reader hears it with the field.
    const hint = within(dialog).getByText(MOTION_FIELD_HINTS.name as string);
    expect(name.getAttribute('aria-describedby')).toBe(hint.id);
    await fillRichText(dialog, 'Name', 'A<strong>b</strong>');
    await waitFor(() => expect(invalid(name)).toBe(false));
    expect(within(dialog).queryByText(MOTION_FIELD_HINTS.name as string)).toBeNull();
    expect(fetchMock.requests()).toHaveLength(0);
  });

  it('flags the name on leaving it only once something was typed in it', async () => {
    mockFetch({});
    const { user, dialog } = await openNew();
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    const custom = within(dialog).getByRole('switch', { name: 'Custom Responses' });
    // The form opens in Name; going straight to another control neither flags it nor loses the click.
    await user.click(name);
    await user.click(custom);
    expect(custom.getAttribute('aria-checked')).toBe('true');
    expect(invalid(name)).toBe(false);
    expect(within(dialog).queryByText(MOTION_FIELD_HINTS.name as string)).toBeNull();
    await fillRichText(dialog, 'Name', 'A');
    await user.click(name);
    await user.click(custom);
    await waitFor(() => expect(invalid(name)).toBe(true));
  });

  it('takes a refused Save to the first flagged field, which may be out of view', async () => {
    mockFetch({});
    const { user, dialog } = await openNew();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(save);
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));

    await fillRichText(dialog, 'Name', 'Adopt the budget');
    await user.click(within(dialog).getByRole('switch', { name: 'Custom Responses' }));
    await user.type(within(dialog).getByLabelText('Response 1'), 'Red');
    await user.click(save);
    // The slot still needed, not the one filled in.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Response 2')));
  });

  it('flags only the response slots to change, and none just offered after a refused save', async () => {
    const { user, dialog } = await openNew();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Custom Responses' }));
    const slot = (n: number) => within(dialog).getByLabelText(`Response ${n}`);
    const flaggedSlots = () => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((n) => invalid(slot(n)));
    expect(invalid(within(dialog).getByRole('group', { name: 'Responses' }))).toBe(false);
    expect(flaggedSlots()).toEqual([]);
    await user.type(slot(1), 'Yes');
    await user.type(slot(2), 'YES');
    await user.type(slot(3), 'opposed');
    await user.click(within(dialog).getByText('Result Visibility'));
    // The repeat and the stored standard value; with it changed, two responses stand.
    expect(flaggedSlots()).toEqual([2, 3]);
    await user.clear(slot(3));
    // The repeat, and the empty slot a second response needs.
    expect(flaggedSlots()).toEqual([2, 3]);
    await user.clear(slot(2));
    await user.type(slot(2), 'No');
    expect(flaggedSlots()).toEqual([]);
  });

  it('has 9 response slots in two columns plus the read-only abstain slot 0', async () => {
    const { user, dialog } = await openNew();
    expect(within(dialog).queryByLabelText('Response 1')).toBeNull();
    await user.click(within(dialog).getByRole('switch', { name: 'Custom Responses' }));
    for (let n = 1; n <= 9; n++) expect(within(dialog).getByLabelText(`Response ${n}`)).toBeTruthy();
    const abstain = within(dialog).getByLabelText('Response 0') as HTMLInputElement;
    expect(abstain.readOnly).toBe(true);
    expect(abstain.value).toBe('Abstain');
    const responses = within(dialog).getByRole('group', { name: 'Responses' });
    // Not flagged before the user has had a chance to fill them in.
    expect(invalid(responses)).toBe(false);
    await user.type(within(dialog).getByLabelText('Response 1'), 'Yes');
    await user.type(within(dialog).getByLabelText('Response 2'), 'yes');
    expect(invalid(responses)).toBe(false);
    // Fewer than 2 distinct responses, once the user leaves them: flagged, saying what to change.
    await user.click(within(dialog).getByText('Result Visibility'));
    expect(invalid(responses)).toBe(true);
    expect(within(dialog).getByText(MOTION_FIELD_HINTS.motion_responses as string)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Response 2'));
    await user.type(within(dialog).getByLabelText('Response 2'), 'No');
    expect(invalid(responses)).toBe(false);
    expect(within(dialog).queryByText(MOTION_FIELD_HINTS.motion_responses as string)).toBeNull();
  });

  it('offers maximum responses and the vote type with a third response, forcing multiple choice', async () => {
    const { user, dialog } = await openNew();
    await user.click(within(dialog).getByRole('switch', { name: 'Custom Responses' }));
    await user.type(within(dialog).getByLabelText('Response 1'), 'Red');
    await user.type(within(dialog).getByLabelText('Response 2'), 'Blue');
    expect(within(dialog).queryByLabelText('Maximum Responses')).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'Vote Type' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Response 3'), 'Green');
    const maximum = within(dialog).getByLabelText('Maximum Responses');
    const types = within(dialog).getByRole('group', { name: 'Vote Type' });
    expect(
      within(types)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Simple Majority', 'Multiple Choice']);
    await user.clear(maximum);
    await user.type(maximum, '2');
    expect((within(types).getByRole('radio', { name: 'Multiple Choice' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.clear(maximum);
    await user.type(maximum, '3');
    expect(invalid(maximum)).toBe(true);
    // Back to 2 responses: the maximum and the choice go, the type returns to simple majority.
    await user.clear(within(dialog).getByLabelText('Response 3'));
    expect(within(dialog).queryByLabelText('Maximum Responses')).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'Vote Type' })).toBeNull();
  });

  it('resets maximum responses to 1 in the field: below 1, and with 2 or fewer valid responses', async () => {
    const { user, dialog } = await openNew();
    await user.click(within(dialog).getByRole('switch', { name: 'Custom Responses' }));
    for (const [n, text] of ['Red', 'Blue', 'Green', 'White'].entries()) {
      await user.type(within(dialog).getByLabelText(`Response ${n + 1}`), text);
    }
    const maximum = () => within(dialog).getByLabelText('Maximum Responses') as HTMLInputElement;
    expect(maximum().value).toBe('1');
    await user.clear(maximum());
    await user.type(maximum(), '0');
    expect(maximum().value).toBe('1');
    expect(invalid(maximum())).toBe(false);
    // Emptied while typing, then left: 1 again.
    await user.clear(maximum());
    expect(maximum().value).toBe('');
    await user.tab();
    expect(maximum().value).toBe('1');
    // Above the bound (4 responses: at most 3): kept as typed, flagged.
    await user.clear(maximum());
    await user.type(maximum(), '4');
    expect(maximum().value).toBe('4');
    expect(invalid(maximum())).toBe(true);
    await user.clear(maximum());
    await user.type(maximum(), '3');
    expect(invalid(maximum())).toBe(false);
    // Down to 3 responses: 3 is now above the bound, flagged, not clamped.
    await user.clear(within(dialog).getByLabelText('Response 4'));
    expect(maximum().value).toBe('3');
    expect(invalid(maximum())).toBe(true);
    // Down to 2: the field goes and the value resets; a third response brings it back at 1.
    await user.clear(within(dialog).getByLabelText('Response 3'));
    expect(within(dialog).queryByLabelText('Maximum Responses')).toBeNull();
    await user.type(within(dialog).getByLabelText('Response 3'), 'Green');
    expect(maximum().value).toBe('1');
    expect(invalid(maximum())).toBe(false);
  });

  it('says a maximum that is not a whole number must be one, and bounds the field by the responses', async () => {
    const { user, dialog } = await openNew();
    await user.click(within(dialog).getByRole('switch', { name: 'Custom Responses' }));
    for (const [n, text] of ['Red', 'Blue', 'Green'].entries()) {
      await user.type(within(dialog).getByLabelText(`Response ${n + 1}`), text);
    }
    const maximum = () => within(dialog).getByLabelText('Maximum Responses') as HTMLInputElement;
    expect([maximum().min, maximum().step, maximum().max]).toEqual(['1', '1', '2']);
    await user.type(within(dialog).getByLabelText('Response 4'), 'White');
    expect(maximum().max).toBe('3');
    await user.clear(maximum());
    await user.type(maximum(), '1.5');
    expect(invalid(maximum())).toBe(true);
    expect(describedText(maximum())).toBe('Enter a whole number.');
    await user.clear(maximum());
    await user.type(maximum(), '4');
    expect(describedText(maximum())).toBe(MOTION_FIELD_HINTS.maximum_responses);
  });

  it('says a reserved value typed as a response is reserved', async () => {
    const { user, dialog } = await openNew();
    await user.click(within(dialog).getByRole('switch', { name: 'Custom Responses' }));
    const slot = (n: number) => within(dialog).getByLabelText(`Response ${n}`);
    await user.type(slot(1), 'Yes');
    await user.type(slot(2), 'No');
    await user.type(slot(3), 'in_favor');
    await user.click(within(dialog).getByText('Result Visibility'));
    const responses = within(dialog).getByRole('group', { name: 'Responses' });
    expect(invalid(responses)).toBe(true);
    expect(describedText(responses)).toBe("'in_favor' is reserved: choose another response.");
    await user.type(slot(4), 'Abstained');
    expect(describedText(responses)).toBe("'in_favor' and 'Abstained' are reserved: choose other responses.");
    await user.clear(slot(3));
    await user.clear(slot(4));
    expect(invalid(responses)).toBe(false);
  });

  it("says the association's abstain label typed as a response is reserved, and flags its slot", async () => {
    const { user, dialog } = await openNew({ ...DEFAULT_VOTING_SETTINGS, abstain_label: 'Present' });
    await user.click(within(dialog).getByRole('switch', { name: 'Custom Responses' }));
    const slot = (n: number) => within(dialog).getByLabelText(`Response ${n}`);
    await user.type(slot(1), 'Abstain');
    await user.type(slot(2), 'present');
    await user.click(within(dialog).getByText('Result Visibility'));
    const responses = within(dialog).getByRole('group', { name: 'Responses' });
    expect(invalid(responses)).toBe(true);
    expect(describedText(responses)).toBe("'present' is reserved: choose another response.");
    expect([invalid(slot(1)), invalid(slot(2))]).toEqual([false, true]);
    await user.clear(slot(2));
    await user.type(slot(2), 'No way');
    expect(invalid(responses)).toBe(false);
  });

  it("labels the abstain slot 0 in the association's wording, and leaves it out when abstain is hidden", async () => {
    const first = await openNew({ ...DEFAULT_VOTING_SETTINGS, abstain_label: 'Present' });
    await first.user.click(within(first.dialog).getByRole('switch', { name: 'Custom Responses' }));
    expect((within(first.dialog).getByLabelText('Response 0') as HTMLInputElement).value).toBe('Present');
    first.unmount();
    const second = await openNew({ ...DEFAULT_VOTING_SETTINGS, hide_abstain: true });
    await second.user.click(within(second.dialog).getByRole('switch', { name: 'Custom Responses' }));
    expect(within(second.dialog).getByLabelText('Response 9')).toBeTruthy();
    expect(within(second.dialog).queryByLabelText('Response 0')).toBeNull();
  });

  it('offers the demographic filter with No Value, and creates the motion', async () => {
    const fetchMock = mockFetch({
      [`POST ${ADMIN}/motion`]: { body: { motion: makeMotion(), message: 'Motion Added' } },
      [RETRIEVE]: { body: reply() },
    });
    const { user, dialog } = await openNew();
    const filter = within(dialog).getByRole('group', { name: 'Filter by Region' });
    expect(within(filter).getAllByRole('checkbox')).toHaveLength(3);
    await user.click(within(filter).getByRole('checkbox', { name: 'No Value' }));
    await fillRichText(dialog, 'Name', 'Adopt the budget');
    await user.click(within(dialog).getByRole('radio', { name: 'Hide Breakdown' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Motion Added')).toBeTruthy();
    expect(fetchMock.requestsTo(`POST ${ADMIN}/motion`)[0]?.body).toEqual({
      name: 'Adopt the budget',
      body: null,
      custom_responses_enabled: false,
      motion_responses: null,
      maximum_responses: 1,
      vote_type: 'simple_majority',
      result_visibility: 'hide_breakdown',
      motion_filter: [null],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Motion' })).toBeNull());
  });

  it('flags the fields the server refused and shows its message in the error dialog', async () => {
    mockFetch({
      [`POST ${ADMIN}/motion`]: {
        status: 400,
        body: { message: 'The name must be longer than 1 character.', errors: { name: ['Name taken.'] } },
      },
      [RETRIEVE]: { body: reply({ motions: [] }) },
    });
    const { user, dialog } = await openNew();
    await fillRichText(dialog, 'Name', 'Adopt');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error Saving Motion' });
    expect(within(error).getByText('The name must be longer than 1 character.')).toBeTruthy();
    // The field is flagged and says the server's word for it; the form waits behind the dialog.
    const name = within(dialog).getByRole('textbox', { name: 'Name', hidden: true });
    expect(invalid(name)).toBe(true);
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Name taken.',
    );
  });

  it('reports a failed save with the fallback text', async () => {
    mockFetch({
      [`POST ${ADMIN}/motion`]: { status: 500, body: {} },
      [RETRIEVE]: { body: reply({ motions: [] }) },
    });
    const { user, dialog } = await openNew();
    await fillRichText(dialog, 'Name', 'Adopt');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error Saving Motion' });
    expect(within(error).getByText('Unknown Save Error... Please try again.')).toBeTruthy();
  });

  it('amends a motion (no filter, no maximum) and reports amendment failures as such', async () => {
    const fetchMock = mockFetch({
      [`POST ${ADMIN}/motion/mo-1/amendment`]: {
        status: 422,
        body: { message: 'Not while a vote is active.' },
      },
      [RETRIEVE]: { body: reply() },
    });
    const { user } = renderPanel({ phase: 'planned', principal: principal(RUNNER) });
    await user.click(screen.getByRole('button', { name: 'Amend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Amend Motion' });
    expect(within(dialog).queryByRole('group', { name: 'Filter by Region' })).toBeNull();
    expect(within(dialog).queryByRole('switch', { name: 'Custom Responses' })).toBeNull();
    await fillRichText(dialog, 'Name', 'Strike line 4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await screen.findByRole('alertdialog', { name: 'Error Saving Amendment' });
    expect(within(error).getByText('Not while a vote is active.')).toBeTruthy();
    expect(fetchMock.requestsTo(`POST ${ADMIN}/motion/mo-1/amendment`)).toHaveLength(1);
  });

  it('edits a motion with its values and says it was saved', async () => {
    const fetchMock = mockFetch({
      [`PUT ${ADMIN}/motion/mo-1`]: { body: { motion: makeMotion(), message: 'Motion Saved' } },
      [RETRIEVE]: { body: reply() },
    });
    const { user } = renderPanel({
      phase: 'planned',
      principal: principal(RUNNER),
      committee: makeMeetingCommittee({ two_thirds_vote: true }),
      data: reply({ motions: [makeMotion({ name: 'Adopt the budget', vote_type: 'two_thirds' })] }),
    });
    await user.click(screen.getByRole('link', { name: 'Edit Adopt the budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Motion' });
    expect(screen.getByTestId('current-path').textContent).toBe(
      '/admin/committee/FIN/meeting/M1/motion/mo-1',
    );
    expect((await within(dialog).findByRole('textbox', { name: 'Name' })).textContent).toBe(
      'Adopt the budget',
    );
    expect(
      (within(dialog).getByRole('radio', { name: 'Two-Thirds Majority' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Motion Saved')).toBeTruthy();
    expect(screen.getByText('Motion was saved successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/meeting/FIN/M1'));
    expect(fetchMock.requestsTo(`PUT ${ADMIN}/motion/mo-1`)[0]?.body).toMatchObject({
      name: 'Adopt the budget',
      body: '<p>The committee adopts the 2027 budget.</p>',
      vote_type: 'two_thirds',
    });
  });

  it('shows what its committee no longer allows on a motion saved before the change, so it can be put right', async () => {
    const fetchMock = mockFetch({
      [`PUT ${ADMIN}/motion/mo-1`]: { body: { motion: makeMotion(), message: 'Motion Saved' } },
      [RETRIEVE]: { body: reply() },
    });
    // Two-thirds and filtering were dropped after the motion was saved with both.
    const { user } = renderPanel({
      phase: 'planned',
      principal: principal(RUNNER),
      committee: makeMeetingCommittee({ two_thirds_vote: false, demographic_motion_filterable: false }),
      data: reply({
        motions: [
          makeMotion({ name: 'Adopt the budget', vote_type: 'two_thirds', motion_filter: ['North'] }),
        ],
      }),
    });
    await user.click(screen.getByRole('link', { name: 'Edit Adopt the budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Motion' });
    const voteType = await within(dialog).findByRole('group', { name: 'Vote Type' });
    expect(within(voteType).getByText(MOTION_FIELD_HINTS.vote_type as string)).toBeTruthy();
    const filter = within(dialog).getByRole('group', { name: 'Filter by Region' });
    expect(within(filter).getByText(MOTION_FIELD_HINTS.motion_filter as string)).toBeTruthy();

    await user.click(within(voteType).getByRole('radio', { name: 'Simple Majority' }));
    await user.click(within(filter).getByRole('checkbox', { name: 'North' }));
    // Put right, the fields the committee does not offer go again.
    expect(within(dialog).queryByRole('group', { name: 'Vote Type' })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'Filter by Region' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.requestsTo(`PUT ${ADMIN}/motion/mo-1`)).toHaveLength(1));
    expect(fetchMock.requestsTo(`PUT ${ADMIN}/motion/mo-1`)[0]?.body).toMatchObject({
      vote_type: 'simple_majority',
      motion_filter: null,
    });
  });

  it('says an edited amendment was saved as an amendment', async () => {
    mockFetch({
      [`PUT ${ADMIN}/motion/am-1`]: { body: { motion: makeMotion(), message: 'Motion Saved' } },
      [RETRIEVE]: { body: reply() },
    });
    const amendment = makeMotion({ id: 'am-1', name: 'Strike clause 2', amendment_parent_id: 'mo-1' });
    const { user } = renderPanel({
      phase: 'planned',
      principal: principal(RUNNER),
      data: reply({ motions: [makeMotion(), amendment] }),
    });
    await user.click(screen.getByRole('link', { name: 'Edit Strike clause 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Amendment' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Amendment Saved')).toBeTruthy();
    expect(screen.queryByText('Motion Saved')).toBeNull();
  });

  it('asks before Escape or Cancel throws away what was typed, and closes an untouched form at once', async () => {
    mockFetch({ [RETRIEVE]: { body: reply({ motions: [] }) } });
    const { user, dialog } = await openNew();
    await fillRichText(dialog, 'Name', 'Adopt the budget');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: UNSAVED_TITLE });
    expect(within(ask).getByText(UNSAVED_TEXT)).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const form = screen.getByRole('dialog', { name: 'New Motion' });
    expect(within(form).getByRole('textbox', { name: 'Name' }).textContent).toBe('Adopt the budget');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: UNSAVED_TITLE })).getByRole('button', {
        name: 'Discard Changes',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Motion' })).toBeNull());
    // Opened again and left untouched: nothing to lose, nothing asked.
    await user.click(screen.getByRole('button', { name: 'New Motion' }));
    await screen.findByRole('dialog', { name: 'New Motion' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Motion' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens the edit form when the page is reached by the motion edit link, and returns to the page on close', async () => {
    const { user } = renderPanel(
      { phase: 'planned', principal: principal(RUNNER) },
      '/admin/committee/FIN/meeting/M1/motion/mo-1',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Motion' });
    expect((await within(dialog).findByRole('textbox', { name: 'Name' })).textContent).toBe(
      'Adopt the budget',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Motion' })).toBeNull());
    expect(screen.getByTestId('current-path').textContent).toBe('/meeting/FIN/M1');
    // Opened from an address, with no button that opened it: the motion it edited takes focus.
    await waitFor(() => expect(document.activeElement?.id).toBe('motion-title-mo-1'));
  });

  it('says so and returns to the page when the linked motion is gone or no longer editable', async () => {
    renderPanel(
      { phase: 'planned', principal: principal(RUNNER) },
      '/admin/committee/FIN/meeting/M1/motion/nope',
    );
    expect(await screen.findByText('Motion not found')).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/meeting/FIN/M1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open the form for a viewer who may not edit the motion', async () => {
    renderPanel({ phase: 'planned', principal: principal() }, '/admin/committee/FIN/meeting/M1/motion/mo-1');
    expect(await screen.findByText('You may not edit motions')).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/meeting/FIN/M1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a runner following the link after the meeting ended that the motion can no longer be edited', async () => {
    renderPanel(
      { phase: 'ended', principal: principal(RUNNER) },
      '/admin/committee/FIN/meeting/M1/motion/mo-1',
    );
    expect(await screen.findByText('This motion can no longer be edited')).toBeTruthy();
    expect(screen.getByTestId('current-path').textContent).toBe('/meeting/FIN/M1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
