import { randomUUID } from 'node:crypto';
import { DEFAULT_VOTING_SETTINGS } from '@gavel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, refused } from './helpers.js';
import {
  checkIn,
  type Harness,
  newWorld,
  outboxDrained,
  setMeetingStatus,
  startHarness,
  userCtx,
} from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('motions: create, edit, amend, delete, re-sort', () => {
  it('needs "create motions" to create, and a planned or in-progress meeting', async () => {
    const w = await newWorld(h, { status: 'planned' });
    const a = api(h, w);
    expect((await refused(a.create(userCtx(w.tenantId, ['run meetings'])))).code).toBe('forbidden');
    const { motion, message } = await a.create(userCtx(w.tenantId, ['create motions']));
    expect(message).toBe('Motion Added');
    expect(motion).toMatchObject({
      name: 'Adopt the budget',
      result_visibility: 'show_all',
      vote_type: 'simple_majority',
      sort: 0,
    });
    await setMeetingStatus(h, w, 'ended');
    expect((await refused(a.create(w.runner))).code).toBe('rule_broken');
    expect((await refused(a.update(w.runner, motion.id, { name: 'Changed' }))).code).toBe('rule_broken');
  });

  it('validates the motion form on the server with a message per field', async () => {
    const w = await newWorld(h, { twoThirds: false });
    const a = api(h, w);
    const err = await refused(
      a.create(w.runner, {
        name: 'x',
        custom_responses_enabled: true,
        motion_responses: ['Yes', 'yes'],
        vote_type: 'two_thirds',
      }),
    );
    expect(err.code).toBe('bad_request');
    expect(Object.keys(err.errors ?? {}).sort()).toEqual(['motion_responses', 'name', 'vote_type']);
    expect(err.message).toBe('The name must be longer than 1 character.');
    const tooMany = await refused(
      a.create(w.runner, {
        custom_responses_enabled: true,
        motion_responses: ['A', 'B', 'C'],
        maximum_responses: 3,
      }),
    );
    expect(tooMany.errors?.maximum_responses?.[0]).toBe(
      'Maximum responses must be a whole number from 1 to 2.',
    );
    const reserved = await refused(
      a.create(w.runner, { custom_responses_enabled: true, motion_responses: ['Abstained', 'Yes', 'No'] }),
    );
    expect(reserved.errors?.motion_responses).toEqual([
      "The response 'Abstained' is reserved: choose another wording.",
    ]);
    // Everyday wording that only resembles a standard response is a custom response like any other.
    const everyday = await a.create(w.runner, {
      custom_responses_enabled: true,
      motion_responses: ['Support', 'Opposed'],
    });
    expect(everyday.motion.motion_responses).toEqual(['Support', 'Opposed']);
    // Responses are plain text: blank ones are dropped, and too few left are refused.
    const empty = await refused(a.create(w.runner, { motion_responses: ['Only one', '  ', ''] }));
    expect(empty.errors?.motion_responses).toEqual(['Give at least 2 different responses (up to 9).']);
    const badFilter = await refused(a.create(w.runner, { motion_filter: ['West'] }));
    expect(badFilter.errors?.motion_filter).toBeDefined();
    // A maximum above 1 forces multiple choice; HTML is sanitised.
    const { motion } = await a.create(w.runner, {
      name: '<b>Elect</b> <img src=x onerror=alert(1)>delegates',
      motion_responses: ['Ann', 'Bob', 'Cy', ''],
      maximum_responses: 2,
      motion_filter: ['North', null, 'North', ' '],
    });
    expect(motion.name).toBe('<b>Elect</b> delegates');
    expect(motion).toMatchObject({
      vote_type: 'multiple',
      maximum_responses: 2,
      motion_responses: ['Ann', 'Bob', 'Cy'],
    });
    expect(motion.motion_filter).toEqual(['North', null]);
  });

  it("keeps custom responses as typed, '<', '>' and '&' included, and votes on them", async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const cases: [string[], string[]][] = [
      [
        ['< 18', '18 - 65', '> 65'],
        ['< 18', '18 - 65', '> 65'],
      ],
      [
        ['A<B', 'C&D', '<i>x</i>'],
        ['A<B', 'C&D', '<i>x</i>'],
      ],
      [
        ['Under <18', 'Under <65'],
        ['Under <18', 'Under <65'],
      ],
      [
        ['  <b></b> ', '&amp;', ' a < b '],
        ['<b></b>', '&amp;', 'a < b'],
      ],
    ];
    for (const [sent, stored] of cases) {
      const { motion } = await a.create(w.runner, { motion_responses: sent });
      expect(motion.motion_responses).toEqual(stored);
      const { motion: edited } = await a.update(w.runner, motion.id, { motion_responses: sent });
      expect(edited.motion_responses).toEqual(stored);
    }
    // Distinct as typed: '<18' and '<65' no longer both read 'Under'.
    const { motion } = await a.create(w.runner, { motion_responses: ['Under <18', 'Under <65'] });
    await checkIn(h, w, w.members);
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    expect(vote.responses).toEqual(['Under <18', 'Under <65', 'abstained']);
    const [m0] = w.members;
    if (!m0) throw new Error('members');
    expect((await a.cast(m0.ctx, motion.id, vote.id, 'Under <18')).response.response).toBe('Under <18');
  });

  it('keeps text in a name that is not markup, and refuses a name that cleaning would change', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    // Stored as the sanitiser escapes it; the web renders the stored HTML, showing what was typed.
    const kept: [string, string][] = [
      ['Approve item a<b', 'Approve item a&lt;b'],
      ['< 18 only', '&lt; 18 only'],
      ['Ages <18 & >65', 'Ages &lt;18 &amp; &gt;65'],
      ['<b>Elect</b> a<b', '<b>Elect</b> a&lt;b'],
      ['&lt;b&gt; stays', '&lt;b&gt; stays'],
    ];
    for (const [sent, stored] of kept) {
      const { motion } = await a.create(w.runner, { name: sent });
      expect(motion.name).toBe(stored);
      expect((await a.update(w.runner, motion.id, { name: sent })).motion.name).toBe(stored);
    }
    // One character as shown is too short, however it is written.
    for (const name of ['&', '&amp;', '<b>x</b>', ' <i>&lt;</i> ', '&#38;']) {
      const err = await refused(a.create(w.runner, { name }));
      expect(err.code).toBe('bad_request');
      expect(err.errors).toEqual({ name: ['The name must be longer than 1 character.'] });
    }
    expect((await a.create(w.runner, { name: '&&' })).motion.name).toBe('&amp;&amp;');
    // Markup whose text would be removed: refused, naming the name, rather than stored without it.
    const { motion } = await a.create(w.runner, { name: 'Adopt' });
    for (const name of ['<script>alert(1)</script>Adopt', 'Adopt <b title="a>b">it</b>']) {
      const err = await refused(a.create(w.runner, { name }));
      expect(err.code).toBe('bad_request');
      expect(Object.keys(err.errors ?? {})).toEqual(['name']);
      expect(err.message).toMatch(/^The name /);
      expect((await refused(a.update(w.runner, motion.id, { name }))).errors?.name).toEqual(err.errors?.name);
    }
  });

  it("reserves the association's abstain label among custom responses, hidden or not", async () => {
    const reservedMessage = (r: string) => [`The response '${r}' is reserved: choose another wording.`];
    const byDefault = await newWorld(h);
    const a = api(h, byDefault);
    for (const label of ['Abstain', 'abstain', ' ABSTAIN ']) {
      const err = await refused(a.create(byDefault.runner, { motion_responses: [label, 'No way'] }));
      expect(err.errors).toEqual({ motion_responses: reservedMessage(label.trim()) });
    }
    const { motion } = await a.create(byDefault.runner, { motion_responses: ['Yes', 'No way'] });
    const edit = await refused(
      a.update(byDefault.runner, motion.id, { motion_responses: ['Yes', 'Abstain'] }),
    );
    expect(edit.errors?.motion_responses).toEqual(reservedMessage('Abstain'));

    // The label in use, not the default: 'Abstain' is then an ordinary response.
    const present = await newWorld(h);
    h.votingSettings.set(present.tenantId, { ...DEFAULT_VOTING_SETTINGS, abstain_label: 'Present' });
    const p = api(h, present);
    const refusedPresent = await refused(p.create(present.runner, { motion_responses: ['Yes', 'present'] }));
    expect(refusedPresent.errors?.motion_responses).toEqual(reservedMessage('present'));
    const free = await p.create(present.runner, { motion_responses: ['Abstain', 'No way'] });
    expect(free.motion.motion_responses).toEqual(['Abstain', 'No way']);

    // Still reserved while abstain is hidden: showing it again would put two on the ballot.
    const hidden = await newWorld(h);
    h.votingSettings.set(hidden.tenantId, { ...DEFAULT_VOTING_SETTINGS, hide_abstain: true });
    const hiddenErr = await refused(
      api(h, hidden).create(hidden.runner, { motion_responses: ['Abstain', 'No way'] }),
    );
    expect(hiddenErr.errors?.motion_responses).toEqual(reservedMessage('Abstain'));
  });

  it("sanitises bodies and descriptions with the shared rich-text allowlist: the editor's output stays", async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const rel = 'rel="noopener noreferrer nofollow"';
    // What tiptap's StarterKit writes (headings too, though the web's editor has them off) stays unchanged.
    const written =
      '<h2>Whereas</h2><p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s>.</p>' +
      `<ul><li><p>See <a target="_blank" ${rel} href="https://ok.example/b?y=1&amp;q=2">the draft</a></p></li></ul>` +
      '<ol start="2"><li><p>Resolved</p></li></ol><blockquote><p>Quoted</p></blockquote>';
    const { motion } = await a.create(w.runner, { body: written, description: written });
    expect(motion).toMatchObject({ body: written, description: written });
    const hostile =
      '<p class="fixed inset-0 z-50" onclick="alert(1)"><span class="fixed inset-0 z-50">Over</span>' +
      '<img src="https://tracker.example/x.png"><a href="javascript:alert(1)">js</a> ' +
      '<a target="_blank" href="https://ok.example">ok</a><script>alert(1)</script></p>';
    const clean = `<p><span>Over</span><a ${rel}>js</a> <a target="_blank" href="https://ok.example" ${rel}>ok</a></p>`;
    const { motion: edited } = await a.update(w.runner, motion.id, { body: hostile, description: hostile });
    expect(edited).toMatchObject({ body: clean, description: clean });
  });

  it('refuses a motion whose change could not be published (a 413), and the events after it still flow', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    // Within every field's limit, but escaped ('&' → '&amp;', control characters → \\u0001) its broadcast
    // would pass NATS's 1 MiB payload limit and hold back every later event of the service.
    const rich = '&'.repeat(76_500) + '\u0001'.repeat(23_500);
    const err = await refused(a.create(w.runner, { name: 'Big', body: rich, description: rich }));
    expect(err).toMatchObject({
      code: 'too_large',
      message: 'This change is too large to save. Shorten the text and try again.',
    });
    expect((await a.retrieve(w.runner)).motions).toEqual([]);
    await a.create(w.runner, { name: 'Ordinary' });
    await outboxDrained(h);
  });

  it('edits only with "run meetings" or "update motions", and never once a result exists', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    expect((await refused(a.update(userCtx(w.tenantId, ['create motions']), motion.id))).code).toBe(
      'forbidden',
    );
    const edited = await a.update(userCtx(w.tenantId, ['update motions']), motion.id, {
      name: 'Adopt the new budget',
    });
    expect(edited).toMatchObject({ message: 'Motion Saved', motion: { name: 'Adopt the new budget' } });
    await checkIn(h, w, w.members.slice(0, 3));
    await a.unanimous(w.runner, motion.id);
    expect((await refused(a.update(w.runner, motion.id))).message).toBe('The motion already has a result.');
    expect((await refused(a.remove(w.runner, motion.id))).message).toBe('The motion already has a result.');
  });

  it('edits with "run meetings" alone; a caller with neither it nor "update motions" is refused', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    const neither = userCtx(w.tenantId, ['create motions', 'delete motions']);
    expect((await refused(a.update(neither, motion.id, { name: 'Refused' }))).code).toBe('forbidden');
    const edited = await a.update(userCtx(w.tenantId, ['run meetings']), motion.id, {
      name: 'Adopt the runner budget',
    });
    expect(edited).toMatchObject({ message: 'Motion Saved', motion: { name: 'Adopt the runner budget' } });
    expect((await a.retrieve(w.runner)).motions.map((m) => m.name)).toEqual(['Adopt the runner budget']);
  });

  it('amends (amendments under their motion), deletes with "delete motions" and re-sorts', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const m1 = (await a.create(w.runner, { name: 'First' })).motion;
    const m2 = (await a.create(w.runner, { name: 'Second' })).motion;
    expect(m2.sort).toBe(1);
    const amendment = await a.amend(w.runner, m1.id, { name: 'Amend first' });
    expect(amendment).toMatchObject({
      message: 'Amendment Saved',
      motion: { amendment_parent_id: m1.id, sort: 0 },
    });
    expect((await refused(a.amend(w.runner, randomUUID()))).code).toBe('not_found');
    const custom = await refused(
      a.amend(w.runner, m1.id, {
        name: 'Pick a hall',
        custom_responses_enabled: true,
        motion_responses: ['A', 'B'],
      }),
    );
    expect(custom.errors?.motion_responses).toEqual([
      'An amendment is adopted by an Approve / Not Approve vote: custom responses are not offered.',
    ]);
    // Editing the root while its amendment is pending is refused.
    expect((await refused(a.update(w.runner, m1.id))).message).toBe(
      'An amendment of this motion is pending.',
    );
    expect((await refused(a.resort(userCtx(w.tenantId, ['update motions']), [m2.id, m1.id]))).code).toBe(
      'forbidden',
    );
    // Permissions are checked before anything of the meeting is looked up (or locked): a plain member
    // learns nothing of which motions exist.
    const plain = userCtx(w.tenantId);
    // One call at a time: a refusal that arrived before the loop awaited it would be reported unhandled.
    for (const attempt of [
      () => a.amend(plain, randomUUID()),
      () => a.update(plain, randomUUID()),
      () => a.remove(plain, randomUUID()),
      () => a.resort(plain, [randomUUID()]),
    ]) {
      expect((await refused(attempt())).code).toBe('forbidden');
    }
    const twice = await refused(a.resort(w.runner, [m2.id, m2.id, m1.id]));
    expect(twice.code).toBe('bad_request');
    expect(twice.errors?.motions).toEqual(['The new order names a motion more than once.']);
    expect((await a.resort(w.runner, [m2.id, m1.id])).message).toBe('Motions sort order saved');
    const list = await a.retrieve(w.runner);
    expect(list.motions.filter((m) => !m.amendment_parent_id).map((m) => m.name)).toEqual([
      'Second',
      'First',
    ]);
    expect((await refused(a.remove(userCtx(w.tenantId, ['run meetings']), m2.id))).code).toBe('forbidden');
    // 'delete motions' alone is not enough: deleting also needs what editing needs.
    expect((await refused(a.remove(userCtx(w.tenantId, ['delete motions']), m2.id))).code).toBe('forbidden');
    expect(
      (await a.remove(userCtx(w.tenantId, ['run meetings', 'delete motions']), amendment.motion.id)).message,
    ).toBe('Amendment deleted');
    const again = await a.amend(w.runner, m1.id, { name: 'Amend again' });
    // Deleting is allowed only where editing is: not while the amendment is pending.
    expect((await refused(a.remove(w.runner, m1.id))).code).toBe('rule_broken');
    await a.remove(w.runner, again.motion.id);
    expect((await a.remove(w.runner, m1.id)).message).toBe('Motion deleted');
    const after = await a.retrieve(w.runner);
    expect(after.motions.map((m) => m.name)).toEqual(['Second']);
  });

  it("never shows or changes another association's motions", async () => {
    const w = await newWorld(h);
    const other = await newWorld(h);
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    const intruder = userCtx(other.tenantId, [
      'run meetings',
      'update motions',
      'create motions',
      'delete motions',
    ]);
    expect((await refused(a.retrieve(intruder))).code).toBe('not_found');
    expect((await refused(a.update(intruder, motion.id))).code).toBe('not_found');
    expect((await refused(a.remove(intruder, motion.id))).code).toBe('not_found');
    // Even with the other tenant's own codes, the motion id is unknown there.
    const b = api(h, other);
    expect((await refused(b.update(intruder, motion.id))).code).toBe('not_found');
    expect((await refused(b.start(intruder, motion.id))).code).toBe('not_found');
  });

  it('edits, amends and deletes only while no vote is active and the meeting is planned or in progress', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const voted = (await a.create(w.runner, { name: 'Voted on' })).motion;
    const waiting = (await a.create(w.runner, { name: 'Waiting' })).motion;
    await checkIn(h, w, w.members.slice(0, 2));
    const { vote } = await a.start(w.runner, voted.id);
    if (!vote) throw new Error('vote');
    const editor = userCtx(w.tenantId, ['update motions', 'delete motions', 'create motions']);
    for (const attempt of [
      () => a.update(editor, waiting.id, { name: 'Changed' }),
      () => a.remove(editor, waiting.id),
      () => a.amend(editor, waiting.id),
      () => a.create(editor, { name: 'New' }),
    ]) {
      const err = await refused(attempt());
      expect(err.code).toBe('rule_broken');
      expect(err.message).toBe('Not while a vote is active.');
    }
    // Re-sorting stays allowed during a vote.
    expect((await a.resort(editor, [waiting.id, voted.id])).message).toBe('Motions sort order saved');
    await a.close(w.runner, voted.id, vote.id);
    expect((await a.update(editor, waiting.id, { name: 'Changed' })).motion.name).toBe('Changed');
    const doomed = (await a.create(editor, { name: 'Doomed' })).motion;
    expect((await a.remove(editor, doomed.id)).message).toBe('Motion deleted');

    await setMeetingStatus(h, w, 'ended');
    const ended = 'Motions can only change while the meeting is planned or in progress.';
    expect((await refused(a.update(editor, waiting.id))).message).toBe(ended);
    expect((await refused(a.remove(editor, waiting.id))).message).toBe(ended);
    expect((await refused(a.amend(editor, waiting.id))).message).toBe(ended);
    expect((await refused(a.create(editor))).message).toBe(ended);
    const names = (await a.retrieve(w.runner)).motions.map((m) => m.name);
    expect(names).toEqual(['Changed', 'Voted on']);
  });

  it('places the motions a partial order names first and the others after them, as they stood', async () => {
    const w = await newWorld(h, { status: 'planned' });
    const a = api(h, w);
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four'])
      ids.push((await a.create(w.runner, { name })).motion.id);
    // A page that knew only Three and Two (Four and One were added or moved meanwhile) sends its order.
    expect((await a.resort(w.runner, [ids[2] as string, ids[1] as string])).message).toBe(
      'Motions sort order saved',
    );
    const list = (await a.retrieve(w.runner)).motions;
    expect(list.map((m) => m.name)).toEqual(['Three', 'Two', 'One', 'Four']);
    expect(new Set(list.map((m) => m.sort)).size).toBe(4);
  });

  it('re-sorts with "create motions" only while planned or in progress, and only its own motions', async () => {
    const w = await newWorld(h, { status: 'planned' });
    const other = await newWorld(h, { status: 'planned' });
    const a = api(h, w);
    const m1 = (await a.create(w.runner, { name: 'One' })).motion;
    const m2 = (await a.create(w.runner, { name: 'Two' })).motion;
    const foreign = (await api(h, other).create(other.runner, { name: 'Foreign' })).motion;
    const sorter = userCtx(w.tenantId, ['create motions']);
    expect(
      (await refused(a.resort(userCtx(w.tenantId, ['run meetings', 'update motions']), [m2.id, m1.id]))).code,
    ).toBe('forbidden');
    const unknown = await refused(a.resort(sorter, [m2.id, foreign.id, m1.id]));
    expect(unknown).toMatchObject({
      code: 'bad_request',
      message: 'Unknown motion in the new order.',
      errors: { motions: ['Unknown motion in the new order.'] },
    });
    expect((await a.resort(sorter, [m2.id, m1.id])).message).toBe('Motions sort order saved');
    const sorted = async () => (await a.retrieve(w.runner)).motions.map((m) => m.name);
    expect(await sorted()).toEqual(['Two', 'One']);
    await setMeetingStatus(h, w, 'in_progress');
    await a.resort(sorter, [m1.id, m2.id]);
    expect(await sorted()).toEqual(['One', 'Two']);
    await setMeetingStatus(h, w, 'ended');
    const err = await refused(a.resort(sorter, [m2.id, m1.id]));
    expect(err).toMatchObject({
      code: 'rule_broken',
      message: 'Motions can only be re-sorted while the meeting is planned or in progress.',
    });
    expect(await sorted()).toEqual(['One', 'Two']);
  });

  it('amends a motion only before its result, never a defeated amendment, and an approved one further', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const decided = (await a.create(w.runner, { name: 'Decided' })).motion;
    const root = (await a.create(w.runner, { name: 'Root' })).motion;
    const [m0, m1] = w.members;
    if (!m0 || !m1) throw new Error('members');
    await checkIn(h, w, [m0, m1]);
    // A motion with a result (a closed vote) is no longer amended.
    const { vote } = await a.start(w.runner, decided.id);
    if (!vote) throw new Error('vote');
    await a.cast(m0.ctx, decided.id, vote.id, 'in_favor');
    await a.close(w.runner, decided.id, vote.id);
    const late = await refused(a.amend(w.runner, decided.id));
    expect(late).toMatchObject({
      code: 'rule_broken',
      message: 'The motion already has a result; it can no longer be amended.',
    });
    // A defeated amendment is not amended; the motion it tried to change still is.
    const defeated = (await a.amend(w.runner, root.id, { name: 'Defeated' })).motion;
    const amendmentVote = (await a.start(w.runner, defeated.id, 'amendment')).vote;
    if (!amendmentVote) throw new Error('amendment vote');
    await a.cast(m0.ctx, defeated.id, amendmentVote.id, 'opposed');
    await a.close(w.runner, defeated.id, amendmentVote.id);
    expect((await refused(a.amend(w.runner, defeated.id))).message).toBe(
      'Amendment defeated: it cannot be amended.',
    );
    const approved = (await a.amend(w.runner, root.id, { name: 'Approved' })).motion;
    await a.unanimous(w.runner, approved.id, 'amendment');
    const further = await a.amend(w.runner, approved.id, { name: 'Further' });
    expect(further).toMatchObject({
      message: 'Amendment Saved',
      motion: { amendment_parent_id: approved.id },
    });
    // Unanimous consent decides a motion as well.
    const consented = (await a.create(w.runner, { name: 'Consented' })).motion;
    await a.unanimous(w.runner, consented.id);
    expect((await refused(a.amend(w.runner, consented.id))).code).toBe('rule_broken');
    const count = (await a.retrieve(w.runner)).motions.filter((m) => m.amendment_parent_id).length;
    expect(count).toBe(3);
  });
});
