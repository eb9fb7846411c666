import { randomUUID } from 'node:crypto';
import {
  AppError,
  EVENTS,
  SUBJECTS,
  type TBroadcast,
  VOTE_DIRTY_SUBJECT,
  ZVoteLiveReply,
} from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, refused } from './helpers.js';
import {
  addMember,
  checkIn,
  type Harness,
  newWorld,
  outboxDrained,
  publishEvent,
  startHarness,
  streamEvents,
  userCtx,
  type World,
} from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

async function runningVote(w: World, body: Record<string, unknown> = {}) {
  const a = api(h, w);
  const { motion } = await a.create(w.runner, body);
  await checkIn(h, w, w.members);
  const { vote } = await a.start(w.runner, motion.id);
  if (!vote) throw new Error('vote');
  return { a, motion, vote };
}

const rows = (voteId: string) => h.service.runtime.prisma.response.count({ where: { voteId } });

describe('casting responses', () => {
  it('records the same member casting twice at once exactly once', async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w);
    const [m0, m1] = w.members;
    if (!m0 || !m1) throw new Error('members');
    const same = await Promise.allSettled(
      Array.from({ length: 8 }, () => a.cast(m0.ctx, motion.id, vote.id, 'in_favor')),
    );
    expect(same.every((r) => r.status === 'fulfilled')).toBe(true);
    const ids = new Set(same.map((r) => (r.status === 'fulfilled' ? r.value.response.id : '')));
    expect(ids.size).toBe(1);
    // Different responses at once with a maximum of 1: one wins, the others are refused.
    const mixed = await Promise.allSettled([
      a.cast(m1.ctx, motion.id, vote.id, 'in_favor'),
      a.cast(m1.ctx, motion.id, vote.id, 'opposed'),
      a.cast(m1.ctx, motion.id, vote.id, 'abstained'),
    ]);
    expect(mixed.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await rows(vote.id)).toBe(2);
  });

  it('records a burst of casts (batched into few statements) each exactly once, duplicates included', async () => {
    const w = await newWorld(h, { voters: 40 });
    const { a, motion, vote } = await runningVote(w);
    const voters = w.members.filter((m) => m.position !== 'Advisor');
    const casts = voters.flatMap((m, i) => {
      const choice = i % 3 === 0 ? 'opposed' : 'in_favor';
      // Every fourth member sends the same request twice, a retried click.
      return i % 4 === 0
        ? [
            [m, choice],
            [m, choice],
          ]
        : [[m, choice]];
    }) as [(typeof voters)[number], string][];
    const results = await Promise.all(casts.map(([m, choice]) => a.cast(m.ctx, motion.id, vote.id, choice)));
    expect(results.every((r, i) => r.response.member_id === casts[i]?.[0].membershipId)).toBe(true);
    expect(await rows(vote.id)).toBe(40);
    const live = (await a.retrieve(w.runner)).votes[0];
    expect(live?.respondents_count).toBe(40);
    expect(live?.outcome?.find((t) => t.response === 'opposed')?.count).toBe(14);
  });

  it('refuses in a burst (batched) what it refuses alone: past the maximum, not checked in, not voting, vote closed', async () => {
    const w = await newWorld(h, { voters: 24 });
    const { a, motion, vote } = await runningVote(w);
    const voters = w.members.filter((m) => m.position !== 'Advisor');
    const advisor = w.members.find((m) => m.position === 'Advisor');
    const [again, away, ...rest] = voters;
    if (!advisor || !again || !away) throw new Error('members');
    await a.cast(again.ctx, motion.id, vote.id, 'in_favor');
    await checkIn(h, w, [away], false);
    const now = rest.slice(0, 20);
    const later = rest.slice(20);
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (err: AppError) => err.message,
      );
    const casts = [
      ...now.slice(0, 10).map((m) => a.cast(m.ctx, motion.id, vote.id, 'in_favor')),
      a.cast(again.ctx, motion.id, vote.id, 'opposed'),
      a.cast(away.ctx, motion.id, vote.id, 'opposed'),
      a.cast(advisor.ctx, motion.id, vote.id, 'opposed'),
      ...now.slice(10).map((m) => a.cast(m.ctx, motion.id, vote.id, 'opposed')),
    ];
    const answers = await Promise.all(casts.map(outcome));
    expect(answers.slice(10, 13)).toEqual([
      'You have already cast every response this vote allows.',
      "Voting is not active while you're not checked in. Please see a staff member to correct.",
      'Only voting members may vote.',
    ]);
    expect(answers.filter((x) => x === 'ok')).toHaveLength(20);
    expect(await rows(vote.id)).toBe(21);
    await a.close(w.runner, motion.id, vote.id);
    const closed = await Promise.all(
      later.map((m) => outcome(a.cast(m.ctx, motion.id, vote.id, 'in_favor'))),
    );
    expect(closed).toEqual(later.map(() => 'Voting is not active.'));
    expect(await rows(vote.id)).toBe(21);
  });

  it("counts a member without a demographic value in a filter that names 'No Value' (null), and only there", async () => {
    const w = await newWorld(h);
    const none = await addMember(h, w.tenantId, w.committee.id, 'Member', null);
    await eventually(
      async () =>
        (await h.service.runtime.prisma.membershipRm.count({ where: { id: none.membershipId } })) === 1,
      10_000,
    );
    const a = api(h, w);
    const withNoValue = (
      await a.create(w.runner, { name: 'North or no value', motion_filter: ['North', null] })
    ).motion;
    const northOnly = (await a.create(w.runner, { name: 'North only', motion_filter: ['North'] })).motion;
    await checkIn(h, w, [...w.members, none]);
    const first = (await a.start(w.runner, withNoValue.id)).vote;
    if (!first) throw new Error('vote');
    expect((await a.cast(none.ctx, withNoValue.id, first.id, 'in_favor')).response.member_id).toBe(
      none.membershipId,
    );
    await a.close(w.runner, withNoValue.id, first.id);
    const second = (await a.start(w.runner, northOnly.id)).vote;
    if (!second) throw new Error('vote');
    expect((await refused(a.cast(none.ctx, northOnly.id, second.id, 'in_favor'))).message).toBe(
      'This vote is limited to other demographics.',
    );
  });

  it('answers a retried request with an idempotency key with the same result', async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w);
    const m0 = w.members[0];
    if (!m0) throw new Error('m0');
    const key = randomUUID();
    const first = await a.cast(m0.ctx, motion.id, vote.id, 'opposed', { idempotency_key: key });
    const retry = await a.cast(m0.ctx, motion.id, vote.id, 'opposed', { idempotency_key: key });
    expect(retry.response).toEqual(first.response);
    expect(await rows(vote.id)).toBe(1);
  });

  it('names the recorded response, not the asked one, when a reused idempotency key answers an earlier cast', async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w);
    const m0 = w.members[0];
    if (!m0) throw new Error('m0');
    const key = randomUUID();
    await a.cast(m0.ctx, motion.id, vote.id, 'opposed', { idempotency_key: key });
    const reused = await a.cast(m0.ctx, motion.id, vote.id, 'in_favor', { idempotency_key: key });
    // Nothing new was recorded: the answer (and its message, which the page shows) is the opposed vote.
    expect(reused.response.response).toBe('opposed');
    expect(reused.message).toBe('Not Approve Vote Recorded');
    expect(await rows(vote.id)).toBe(1);
  });

  it("records another member's response sent with the same idempotency key: a key is each member's own", async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w);
    const [m0, m1] = w.members;
    if (!m0 || !m1) throw new Error('members');
    const key = 'predictable-key';
    const first = await a.cast(m0.ctx, motion.id, vote.id, 'opposed', { idempotency_key: key });
    const second = await a.cast(m1.ctx, motion.id, vote.id, 'in_favor', { idempotency_key: key });
    expect(first.response).toMatchObject({ member_id: m0.membershipId, response: 'opposed' });
    expect(second.response).toMatchObject({ member_id: m1.membershipId, response: 'in_favor' });
    expect(await rows(vote.id)).toBe(2);
  });

  it('lets only a runner cast for another member; anyone else keeps only their own member_id', async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w);
    const [m0, m1, m2] = w.members;
    if (!m0 || !m1 || !m2) throw new Error('members');
    const forOther = await a.cast(m0.ctx, motion.id, vote.id, 'in_favor', { member_id: m1.membershipId });
    expect(forOther.response.member_id).toBe(m0.membershipId);
    const ownId = await a.cast(m1.ctx, motion.id, vote.id, 'in_favor', { member_id: m1.membershipId });
    expect(ownId.response.member_id).toBe(m1.membershipId);
    const byRunner = await a.cast(userCtx(w.tenantId, ['run meetings']), motion.id, vote.id, 'opposed', {
      member_id: m2.membershipId,
    });
    expect(byRunner.response.member_id).toBe(m2.membershipId);
    // The runner's cast is told to that member's own sockets (their page shows it); a member's own is not.
    await outboxDrained(h);
    const told = (await streamEvents<TBroadcast>(h, EVENTS.realtime.broadcast))
      .map((b) => b.payload)
      .filter((b) => b.kind === 'response' && b.tenantId === w.tenantId);
    expect(told).toEqual([
      {
        tenantId: w.tenantId,
        channel: `meeting.${w.meeting.id}`,
        kind: 'response',
        payload: { response: byRunner.response },
        user_id: m2.userId,
      },
    ]);
    // A runner who is no voting member and names nobody is refused.
    expect((await refused(a.cast(w.runner, motion.id, vote.id, 'opposed'))).code).toBe('forbidden');
  });

  it('refuses non-voting members, unknown responses, checked-out members and other associations', async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w);
    const advisor = w.members[w.members.length - 1];
    const [m0, m1] = w.members;
    if (!advisor || !m0 || !m1) throw new Error('members');
    expect((await refused(a.cast(advisor.ctx, motion.id, vote.id, 'in_favor'))).message).toBe(
      'Only voting members may vote.',
    );
    expect((await refused(a.cast(userCtx(w.tenantId), motion.id, vote.id, 'in_favor'))).message).toBe(
      'Only voting members may vote.',
    );
    expect(await refused(a.cast(m0.ctx, motion.id, vote.id, 'maybe'))).toMatchObject({
      code: 'bad_request',
      errors: { vote: ['That is not one of the responses of this vote.'] },
    });
    // Checking out during the vote takes effect on the cast path (electorate kept from check-in events).
    await checkIn(h, w, [m1], false);
    await new Promise((r) => setTimeout(r, 300));
    expect((await refused(a.cast(m1.ctx, motion.id, vote.id, 'in_favor'))).message).toContain(
      'not checked in',
    );
    // A runner casting for that member is told about the member, not about themself.
    const runner = userCtx(w.tenantId, ['run meetings']);
    const forMember = (memberId: string) =>
      refused(a.cast(runner, motion.id, vote.id, 'in_favor', { member_id: memberId }));
    expect((await forMember(m1.membershipId)).message).toBe('That member is not checked in.');
    expect((await forMember(advisor.membershipId)).message).toBe('That member may not vote.');
    // A member added after the start who checks in may vote.
    const late = await addMember(h, w.tenantId, w.committee.id, 'Member', 'North');
    await new Promise((r) => setTimeout(r, 300));
    await checkIn(h, w, [late]);
    await new Promise((r) => setTimeout(r, 300));
    expect((await a.cast(late.ctx, motion.id, vote.id, 'in_favor')).response.member_id).toBe(
      late.membershipId,
    );
    const other = await newWorld(h);
    const intruder = { ...m0.ctx, tenantId: other.tenantId };
    expect((await refused(a.cast(intruder, motion.id, vote.id, 'in_favor'))).code).toBe('not_found');
  });

  it("refuses a runner's cast for a member outside the vote's demographic filter, naming that member", async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w, { motion_filter: ['North'] });
    const north = w.members.find((m) => m.position !== 'Advisor' && m.demographic === 'North');
    const south = w.members.find((m) => m.position !== 'Advisor' && m.demographic === 'South');
    if (!north || !south) throw new Error('members');
    const runner = userCtx(w.tenantId, ['run meetings']);
    expect(
      await refused(a.cast(runner, motion.id, vote.id, 'in_favor', { member_id: south.membershipId })),
    ).toMatchObject({
      code: 'forbidden',
      message: "This vote is limited to other demographics than that member's.",
    });
    expect(await rows(vote.id)).toBe(0);
    // The same runner's cast for a member inside the filter is taken.
    const taken = await a.cast(runner, motion.id, vote.id, 'in_favor', { member_id: north.membershipId });
    expect(taken.response.member_id).toBe(north.membershipId);
    expect(await rows(vote.id)).toBe(1);
  });

  it("refuses a runner's cast for a member who has cast every response the vote allows, naming that member", async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w);
    const [m0] = w.members;
    if (!m0) throw new Error('members');
    await a.cast(m0.ctx, motion.id, vote.id, 'in_favor');
    const runner = userCtx(w.tenantId, ['run meetings']);
    expect(
      await refused(a.cast(runner, motion.id, vote.id, 'opposed', { member_id: m0.membershipId })),
    ).toMatchObject({
      code: 'conflict',
      message: 'That member has already cast every response this vote allows.',
    });
    const recorded = await h.service.runtime.prisma.response.findMany({ where: { voteId: vote.id } });
    expect(recorded.map((r) => [r.memberId, r.response])).toEqual([[m0.membershipId, 'in_favor']]);
  });

  it('refuses a caller whose user id is not a UUID (no member has one) as not a voting member', async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w);
    for (const userId of ['42', 'not-a-uuid']) {
      const caller = userCtx(w.tenantId, [], { userId });
      expect(await refused(a.cast(caller, motion.id, vote.id, 'in_favor'))).toMatchObject({
        code: 'forbidden',
        message: 'Only voting members may vote.',
      });
    }
    expect(await rows(vote.id)).toBe(0);
  });

  it('asks the meetings service before refusing a cast as not checked in, and keeps what it answers', async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w);
    const [m0, m1] = w.members;
    if (!m0 || !m1) throw new Error('members');
    const asks = () => h.meetings.callsTo(SUBJECTS.meetings.attendanceOfMember).length;
    const checkedIn = async (m: typeof m0) =>
      (
        await h.service.runtime.prisma.attendanceRm.findFirst({
          where: { tenantId: w.tenantId, meetingId: w.meeting.id, membershipId: m.membershipId },
        })
      )?.checkedIn;
    await checkIn(h, w, [m0, m1], false);
    // Checked in again, its event still on its way: the cast is taken, and the read model has the check-in.
    await checkIn(h, w, [m0], true, false);
    const before = asks();
    expect((await a.cast(m0.ctx, motion.id, vote.id, 'in_favor')).response.member_id).toBe(m0.membershipId);
    expect(asks()).toBe(before + 1);
    expect(await checkedIn(m0)).toBe(true);
    // Not checked in there either: refused as before, after asking once.
    expect((await refused(a.cast(m1.ctx, motion.id, vote.id, 'in_favor'))).message).toContain(
      'not checked in',
    );
    expect(asks()).toBe(before + 2);
    // The meetings service failing leaves the refusal as the read model has it, never a 503.
    h.meetingAttendance.set(`${w.meeting.id}:${m1.membershipId}`, new AppError('unavailable', 'down'));
    expect(await refused(a.cast(m1.ctx, motion.id, vote.id, 'in_favor'))).toMatchObject({
      code: 'rule_broken',
    });
    expect(await checkedIn(m1)).toBe(false);
  });

  it('takes up to maximum_responses distinct custom responses', async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w, {
      motion_responses: ['Ann', 'Bob', 'Cy'],
      maximum_responses: 2,
    });
    expect(vote.responses).toEqual(['Ann', 'Bob', 'Cy', 'abstained']);
    const m0 = w.members[0];
    if (!m0) throw new Error('m0');
    await a.cast(m0.ctx, motion.id, vote.id, 'Ann');
    const second = await a.cast(m0.ctx, motion.id, vote.id, 'Cy');
    expect(second.responses.map((r) => r.response).sort()).toEqual(['Ann', 'Cy']);
    expect((await refused(a.cast(m0.ctx, motion.id, vote.id, 'Bob'))).code).toBe('conflict');
  });

  it("takes casts at a meeting's new code as soon as a rename reaches the read model", async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w);
    const [m0, m1] = w.members;
    if (!m0 || !m1) throw new Error('members');
    await a.cast(m0.ctx, motion.id, vote.id, 'in_favor'); // the vote's facts are now cached
    const renamed = { ...w.meeting, code: `${w.meeting.code}R` };
    await publishEvent(h, EVENTS.meetings.meetingUpdated, { tenantId: w.tenantId, meeting: renamed });
    await eventually(async () => {
      const row = await h.service.runtime.prisma.meetingRm.findFirst({
        where: { tenantId: w.tenantId, id: w.meeting.id },
      });
      return row?.code === renamed.code;
    }, 15_000);
    const atNewCode = api(h, { ...w, base: { ...w.base, meetingCode: renamed.code } });
    const cast = await atNewCode.cast(m1.ctx, motion.id, vote.id, 'opposed');
    expect(cast.response.member_id).toBe(m1.membershipId);
    expect((await refused(atNewCode.cast(m1.ctx, motion.id, randomUUID(), 'opposed'))).code).toBe(
      'not_found',
    );
  });

  it('notifies realtime (core NATS) after a cast and answers voting.vote.live', async () => {
    const w = await newWorld(h);
    const { a, motion, vote } = await runningVote(w);
    const sub = h.nc.subscribe(prefixed(h.env.prefix, VOTE_DIRTY_SUBJECT), { max: 1 });
    const m0 = w.members[0];
    if (!m0) throw new Error('m0');
    await a.cast(m0.ctx, motion.id, vote.id, 'in_favor');
    for await (const msg of sub) {
      expect(msg.json()).toEqual({
        tenantId: w.tenantId,
        vote_id: vote.id,
        channel: `meeting.${w.meeting.id}`,
      });
    }
    const live = await h.call(
      SUBJECTS.voting.voteLive,
      userCtx(w.tenantId),
      { vote_id: vote.id },
      ZVoteLiveReply,
    );
    expect(live.channel).toBe(`meeting.${w.meeting.id}`);
    expect(live.payload.vote.outcome).toBeNull(); // no breakdown for everyone while it runs
    expect(live.payload.vote.respondents_count).toBe(1);
    expect(live.runner_payload.vote.outcome?.find((t) => t.response === 'in_favor')?.count).toBe(1);
    // The tenant is the caller's, never one named in the input.
    await expect(
      h.call(
        SUBJECTS.voting.voteLive,
        userCtx(randomUUID()),
        { tenantId: w.tenantId, vote_id: vote.id },
        ZVoteLiveReply,
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('notifies realtime of every running vote when it starts again (a cast acknowledged just before a crash)', async () => {
    const w = await newWorld(h);
    const { vote } = await runningVote(w);
    const notes: unknown[] = [];
    const sub = h.nc.subscribe(prefixed(h.env.prefix, VOTE_DIRTY_SUBJECT), {
      callback: (_err, msg) => {
        notes.push(msg.json());
      },
    });
    try {
      await h.restart();
      const note = { tenantId: w.tenantId, vote_id: vote.id, channel: `meeting.${w.meeting.id}` };
      await eventually(async () => notes.some((n) => JSON.stringify(n) === JSON.stringify(note)), 5000);
    } finally {
      sub.unsubscribe();
    }
  });
});
