import {
  AppError,
  EVENTS,
  SUBJECTS,
  type TRequestContext,
  type TVoteEvent,
  ZMemberStatusReply,
  ZVoteLiveReply,
  ZVoteReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { IN_MEETING_VOTING_OFF } from '@gavel/voting-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, refused, S } from './helpers.js';
import {
  checkIn,
  type Harness,
  newWorld,
  outboxDrained,
  setInMeetingVoting,
  setMeetingStatus,
  startHarness,
  streamEvents,
  userCtx,
  waitingForLock,
} from './support.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('starting a vote', () => {
  it('catches up with the meetings service before refusing a start on attendance', async () => {
    const w = await newWorld(h, { quorum: 3, voters: 4 });
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    const other = (await a.create(w.runner)).motion;
    const [chair, m1, m2] = w.members;
    if (!chair || !m1 || !m2) throw new Error('members');
    const asks = () => h.meetings.callsTo(SUBJECTS.meetings.attendanceOfMeeting).length;
    await checkIn(h, w, [m1, m2]);
    // Checked in at the meetings service, the event still on its way: the start is refused, after asking.
    h.meetingAttendance.set(w.meeting.id, new AppError('unavailable', 'down'));
    await checkIn(h, w, [chair], true, false);
    expect((await refused(a.start(w.runner, motion.id))).message).toBe(
      'Quorum not met: 1 more voting member needed',
    );
    expect(asks()).toBe(1);
    // The meetings service answering: the start goes ahead on what it holds, and the read model keeps it.
    h.meetingAttendance.delete(w.meeting.id);
    const started = await a.start(w.runner, motion.id);
    expect(started.vote?.expected_count).toBe(3);
    expect(asks()).toBe(2);
    const chairRow = await h.service.runtime.prisma.attendanceRm.findFirst({
      where: { tenantId: w.tenantId, meetingId: w.meeting.id, membershipId: chair.membershipId },
    });
    expect(chairRow?.checkedIn).toBe(true);
    // A start refused for another reason (a vote is active) asks nothing.
    expect((await refused(a.start(w.runner, other.id))).message).toBe('Another vote is active.');
    expect(asks()).toBe(2);
  });

  it('checks every precondition: permission, meeting in progress, quorum, chair, eligible voters', async () => {
    const w = await newWorld(h, { status: 'planned', quorum: 3, voters: 4 });
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    expect((await refused(a.start(userCtx(w.tenantId, ['create motions']), motion.id))).code).toBe(
      'forbidden',
    );
    expect((await refused(a.start(w.runner, motion.id))).message).toBe('Meeting not in progress');
    await setMeetingStatus(h, w, 'in_progress');
    const [chair, m1, m2] = w.members;
    if (!chair || !m1 || !m2) throw new Error('members');
    await checkIn(h, w, [m1, m2]);
    // 2 present, quorum 3: one more needed.
    expect((await refused(a.start(w.runner, motion.id))).message).toBe(
      'Quorum not met: 1 more voting member needed',
    );
    const advisor = w.members[w.members.length - 1];
    if (!advisor) throw new Error('advisor');
    await checkIn(h, w, [advisor]); // non-voting: does not count
    expect((await refused(a.start(w.runner, motion.id))).message).toContain('Quorum not met');
    const m3 = w.members[3];
    if (!m3) throw new Error('m3');
    await checkIn(h, w, [m3]);
    expect((await refused(a.start(w.runner, motion.id))).message).toBe('Chair/Vice Chair Not Present');
    await checkIn(h, w, [chair]);
    // 'update motions' alone may run votes.
    const started = await a.start(userCtx(w.tenantId, ['update motions']), motion.id);
    expect(started.vote?.expected_count).toBe(4);
    expect(started.motion.motion_vote_id).toBe(started.vote?.id);
    // A second vote while one is active is refused.
    expect((await refused(a.create(w.runner, { name: 'Third' }))).message).toBe(
      'Not while a vote is active.',
    );
  });

  it("lets 'run meetings' alone start a vote and give unanimous consent; a caller with neither it nor 'update motions' is refused", async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const consented = (await a.create(w.runner, { name: 'Consented' })).motion;
    const voted = (await a.create(w.runner, { name: 'Voted' })).motion;
    await checkIn(h, w, w.members.slice(0, 3));
    const neither = userCtx(w.tenantId, ['create motions', 'delete motions']);
    expect((await refused(a.unanimous(neither, consented.id))).code).toBe('forbidden');
    expect((await refused(a.start(neither, voted.id))).code).toBe('forbidden');
    const runOnly = userCtx(w.tenantId, ['run meetings']);
    expect((await a.unanimous(runOnly, consented.id)).motion.motion_approved).toBe(true);
    const started = await a.start(runOnly, voted.id);
    expect(started.message).toBe('Vote Started!');
    expect(started.vote?.is_active).toBe(true);
  });

  it("starts no vote and applies no unanimous consent while the meeting's in-meeting voting is off", async () => {
    const w = await newWorld(h, { quorum: 3, voters: 4 });
    const a = api(h, w);
    const voted = (await a.create(w.runner, { name: 'Voted' })).motion;
    const consented = (await a.create(w.runner, { name: 'Consented' })).motion;
    await setInMeetingVoting(h, w, false);
    const asks = () => h.meetings.callsTo(SUBJECTS.meetings.attendanceOfMeeting).length;
    const asked = asks();
    // Nobody checked in either: the switch is named first, and no attendance is caught up for it.
    expect(await refused(a.start(w.runner, voted.id))).toMatchObject({
      code: 'rule_broken',
      message: IN_MEETING_VOTING_OFF,
    });
    expect(await refused(a.unanimous(w.runner, consented.id))).toMatchObject({
      code: 'rule_broken',
      message: IN_MEETING_VOTING_OFF,
    });
    expect(IN_MEETING_VOTING_OFF).toBe('In-meeting voting is off for this meeting.');
    expect(asks()).toBe(asked);
    await checkIn(h, w, w.members.slice(0, 3));
    expect((await refused(a.start(w.runner, voted.id))).message).toBe(IN_MEETING_VOTING_OFF);
    expect((await refused(a.unanimous(w.runner, consented.id))).message).toBe(IN_MEETING_VOTING_OFF);
    const prisma = h.service.runtime.prisma;
    expect(await prisma.vote.count({ where: { tenantId: w.tenantId } })).toBe(0);
    expect((await a.retrieve(w.runner)).motions.every((m) => m.motion_approved === null)).toBe(true);
    // Switched on, both go ahead.
    await setInMeetingVoting(h, w, true);
    expect((await a.unanimous(w.runner, consented.id)).motion.motion_approved).toBe(true);
    const started = await a.start(w.runner, voted.id);
    expect(started.message).toBe('Vote Started!');
    expect(started.vote?.is_active).toBe(true);
  });

  it('refuses a filtered vote with no eligible voter checked in', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const { motion } = await a.create(w.runner, { motion_filter: ['South'] });
    const chair = w.members[0];
    if (!chair) throw new Error('chair');
    await checkIn(h, w, [chair]); // North
    expect((await refused(a.start(w.runner, motion.id))).message).toBe(
      'No eligible voting member is checked in.',
    );
    const south = w.members[1];
    if (!south) throw new Error('south');
    await checkIn(h, w, [south]);
    const { vote } = await a.start(w.runner, motion.id);
    // Filtered quorum: 2 voting members in South (members 1 and 3) → round(2/2) + 1 = 2.
    expect(vote?.quorum).toBe(2);
    expect((await refused(a.cast(chair.ctx, motion.id, vote?.id ?? '', 'in_favor'))).message).toBe(
      'This vote is limited to other demographics.',
    );
  });

  it('takes half of an odd filtered count, rounded, as the quorum', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 5 });
    const a = api(h, w);
    const { motion } = await a.create(w.runner, { motion_filter: ['North'] });
    await checkIn(
      h,
      w,
      [w.members[0], w.members[2]].filter((m) => m !== undefined),
    );
    const { vote } = await a.start(w.runner, motion.id);
    // 3 voting members in North (members 0, 2 and 4) → round(3/2) = 2, no extra one for an odd count.
    expect(vote?.quorum).toBe(2);
  });

  it('two runners starting at once make one vote', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    const other = (await a.create(w.runner, { name: 'Other' })).motion;
    await checkIn(h, w, w.members.slice(0, 3));
    const results = await Promise.allSettled([
      a.start(w.runner, motion.id),
      a.start(userCtx(w.tenantId, ['run meetings']), other.id),
      a.start(userCtx(w.tenantId, ['update motions']), motion.id),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const votes = await h.service.runtime.prisma.vote.count({ where: { tenantId: w.tenantId } });
    expect(votes).toBe(1);
  });
});

describe('running a vote', () => {
  it('closes a vote still active when its meeting ends (the two services raced), with one closed event', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    await checkIn(h, w, w.members.slice(0, 3));
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    await setMeetingStatus(h, w, 'ended');
    await eventually(async () => (await a.retrieve(w.runner)).votes[0]?.is_active === false, 15_000);
    await outboxDrained(h);
    const closed = (await streamEvents<TVoteEvent>(h, EVENTS.voting.voteClosed)).filter(
      (e) => e.payload.vote.id === vote.id,
    );
    expect(closed).toHaveLength(1);
    // The meeting event arriving again (a redelivery) changes nothing more.
    await setMeetingStatus(h, w, 'ended');
    await outboxDrained(h);
    expect(
      (await streamEvents<TVoteEvent>(h, EVENTS.voting.voteClosed)).filter(
        (e) => e.payload.vote.id === vote.id,
      ),
    ).toHaveLength(1);
  });

  it('starts no vote in a meeting that ended while the start waited for the meeting', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    await checkIn(h, w, w.members.slice(0, 3));
    const prisma = h.service.runtime.prisma;
    // The meetings consumer records the end (and closes the meeting's active votes: none yet) while the
    // start has read the meeting as in progress and waits for its lock.
    let started: Promise<string> = Promise.resolve('not sent');
    await prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(
          `UPDATE "voting".meetings SET status = 'ended' WHERE tenant_id = $1::uuid AND id = $2::uuid`,
          w.tenantId,
          w.meeting.id,
        );
        started = a.start(w.runner, motion.id).then(
          (r) => r.message,
          (err: Error) => err.message,
        );
        await eventually(() => waitingForLock(h), 10_000);
      },
      { timeout: 20_000 },
    );
    expect(await started).toBe('Meeting not in progress');
    expect(await prisma.vote.count({ where: { tenantId: w.tenantId } })).toBe(0);
  });

  it('adds time, closes (never reopens), and only for runners', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    await checkIn(h, w, w.members.slice(0, 3));
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    // No duration given: VOTE_DURATION_SECONDS, 60 by default.
    expect(Date.parse(vote.ended_at) - Date.parse(vote.started_at)).toBe(60_000);
    const updateOnly = userCtx(w.tenantId, ['update motions']);
    expect((await refused(a.addTime(updateOnly, motion.id, vote.id))).code).toBe('forbidden');
    const added = await a.addTime(w.runner, motion.id, vote.id);
    expect(added.message).toBe('10 Seconds Added To Vote Time');
    expect(Date.parse(added.vote?.ended_at ?? '') - Date.parse(vote.ended_at)).toBe(10_000);
    expect((await a.addTime(w.runner, motion.id, vote.id, 30)).message).toBe('30 Seconds Added To Vote Time');
    expect((await refused(a.close(updateOnly, motion.id, vote.id))).code).toBe('forbidden');
    const closed = await a.close(w.runner, motion.id, vote.id);
    expect(closed.vote?.is_active).toBe(false);
    expect((await refused(a.addTime(w.runner, motion.id, vote.id))).message).toBe('The vote is not active.');
    // Closing again changes nothing; starting again without revote is refused.
    expect((await a.close(w.runner, motion.id, vote.id)).message).toBe('Vote Closed');
    expect((await refused(a.start(w.runner, motion.id))).code).toBe('conflict');
    // The finalizer marks it final.
    await sleep(800);
    const list = await a.retrieve(w.runner);
    expect(list.votes[0]?.is_finalized).toBe(true);
  });

  it('refuses numbers of the wrong JSON type instead of reading true, [30] or hex text as seconds', async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    await checkIn(h, w, w.members.slice(0, 3));
    const base = { ...w.base, id: motion.id };
    for (const duration of [true, [600], '0x258']) {
      const err = await refused(h.call(S.voteStart, w.runner, { ...base, duration }, ZVoteReply));
      expect(err.errors).toEqual({ duration: ['The duration must be a number.'] });
    }
    expect(
      (await refused(h.call(S.voteStart, w.runner, { ...base, revote: 'perhaps' }, ZVoteReply))).errors,
    ).toEqual({ revote: ['The revote field must be true or false.'] });
    const { vote } = await h.call(S.voteStart, w.runner, { ...base, duration: '600' }, ZVoteReply);
    if (!vote) throw new Error('vote');
    const ref = { ...base, voteId: vote.id };
    for (const time of [true, [30], '0x1e']) {
      const err = await refused(h.call(S.voteAddTime, w.runner, { ...ref, time }, ZVoteReply));
      expect(err.errors).toEqual({ time: ['The time must be a number.'] });
    }
    // Nothing was added by the refused calls; decimal text (a form value) still counts.
    const added = await h.call(S.voteAddTime, w.runner, { ...ref, time: '30' }, ZVoteReply);
    expect(Date.parse(added.vote?.ended_at ?? '') - Date.parse(vote.ended_at)).toBe(30_000);
    const err = await refused(a.create(w.runner, { maximum_responses: [2] }));
    expect(err.errors).toEqual({ maximum_responses: ['The maximum responses must be a number.'] });
  });

  it('needs amendments approved before the motion vote; revote discards the previous result', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const root = (await a.create(w.runner, { name: 'Root' })).motion;
    const amendment = (await a.amend(w.runner, root.id, { name: 'Amendment' })).motion;
    await checkIn(h, w, w.members.slice(0, 3));
    // Spec status messages: the root waits for its amendment, and the amended text (the amendment row's
    // motion vote) waits for the amendment vote.
    expect((await refused(a.start(w.runner, root.id))).message).toBe('Amendment not voted on');
    expect((await refused(a.unanimous(w.runner, root.id))).message).toBe('Amendment not voted on');
    expect((await refused(a.start(w.runner, amendment.id, 'motion'))).message).toBe('Amendment not voted on');
    const plain = (await a.create(w.runner, { name: 'Plain' })).motion;
    expect((await refused(a.start(w.runner, plain.id, 'amendment'))).message).toBe(
      'Only an amendment has an amendment vote.',
    );
    const { vote } = await a.start(w.runner, amendment.id, 'amendment');
    if (!vote) throw new Error('vote');
    expect(vote).toMatchObject({
      type: 'amendment',
      maximum_responses: 1,
      responses: ['in_favor', 'opposed', 'abstained'],
    });
    const [m0, m1] = w.members;
    if (!m0 || !m1) throw new Error('members');
    await a.cast(m0.ctx, amendment.id, vote.id, 'opposed');
    await a.cast(m1.ctx, amendment.id, vote.id, 'opposed');
    await a.close(w.runner, amendment.id, vote.id);
    // A defeated amendment leaves its text inactive.
    expect((await refused(a.start(w.runner, amendment.id, 'motion'))).message).toBe('Amendment defeated');
    expect((await refused(a.unanimous(w.runner, amendment.id, 'motion'))).message).toBe('Amendment defeated');
    // Defeated amendment: the root's motion vote starts on the root.
    const rootVote = (await a.start(w.runner, root.id)).vote;
    if (!rootVote) throw new Error('root vote');
    await a.cast(m0.ctx, root.id, rootVote.id, 'in_favor');
    await a.close(w.runner, root.id, rootVote.id);
    let list = await a.retrieve(w.runner);
    expect(list.votes.find((v) => v.id === rootVote.id)?.passed).toBe(true);
    // Revote: previous result gone, a fresh vote in its place.
    const revote = await a.start(w.runner, root.id, 'motion', true);
    expect(revote.vote?.id).not.toBe(rootVote.id);
    expect(revote.vote?.respondents_count).toBe(0);
    list = await a.retrieve(w.runner);
    expect(list.votes.map((v) => v.id)).not.toContain(rootVote.id);
    expect((await refused(a.cast(m1.ctx, root.id, rootVote.id, 'in_favor'))).message).toBe(
      'This vote was replaced by a revote.',
    );
    // A tally batched just before the revote finds nothing to broadcast for the replaced vote.
    const live = await h.call(
      SUBJECTS.voting.voteLive,
      userCtx(w.tenantId),
      { vote_id: rootVote.id },
      ZVoteLiveReply.nullable(),
    );
    expect(live).toBeNull();
  });

  it('adopts no amendment by a vote below its quorum: it is defeated, and may be revoted', async () => {
    const w = await newWorld(h, { quorum: 3 });
    const a = api(h, w);
    const root = (await a.create(w.runner, { name: 'Root' })).motion;
    const amendment = (await a.amend(w.runner, root.id, { name: 'Amendment' })).motion;
    const [m0, m1, m2] = w.members;
    if (!m0 || !m1 || !m2) throw new Error('members');
    await checkIn(h, w, [m0, m1, m2]);
    const { vote } = await a.start(w.runner, amendment.id, 'amendment');
    if (!vote) throw new Error('vote');
    await a.cast(m0.ctx, amendment.id, vote.id, 'in_favor');
    const closed = (await a.close(w.runner, amendment.id, vote.id)).vote;
    expect(closed).toMatchObject({ valid: false, respondents_count: 1 });
    expect((await refused(a.start(w.runner, amendment.id, 'motion'))).message).toBe('Amendment defeated');
    expect((await a.start(w.runner, amendment.id, 'amendment', true)).vote?.respondents_count).toBe(0);
  });

  it('holds the amended motion vote on its approved amendment with the root motion’s ballot and filter', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 5 });
    const a = api(h, w);
    const root = (
      await a.create(w.runner, {
        name: 'Elect two',
        motion_filter: ['North'],
        motion_responses: ['Ann', 'Bo', 'Cy'],
        maximum_responses: 2,
        vote_type: 'multiple',
      })
    ).motion;
    const amendment = (await a.amend(w.runner, root.id, { name: 'Elect two from four' })).motion;
    await checkIn(h, w, w.members.slice(0, 3));
    await a.unanimous(w.runner, amendment.id, 'amendment');
    const { vote } = await a.start(w.runner, amendment.id, 'motion');
    if (!vote) throw new Error('vote');
    // 3 voting members in North (members 0, 2 and 4) → quorum round(3/2) = 2, two checked in.
    expect(vote).toMatchObject({
      type: 'motion',
      vote_type: 'multiple',
      maximum_responses: 2,
      responses: ['Ann', 'Bo', 'Cy', 'abstained'],
      quorum: 2,
      expected_count: 4,
    });
    const [north, south] = w.members;
    if (!north || !south) throw new Error('members');
    expect((await refused(a.cast(south.ctx, amendment.id, vote.id, 'Ann'))).message).toBe(
      'This vote is limited to other demographics.',
    );
    await a.cast(north.ctx, amendment.id, vote.id, 'Ann');
    await a.cast(north.ctx, amendment.id, vote.id, 'Bo');
    await a.close(w.runner, amendment.id, vote.id);
    const list = await a.retrieve(w.runner);
    // Custom responses: a winner means passed, although the amendment row itself has the standard wording.
    expect(list.votes.find((v) => v.id === vote.id)).toMatchObject({ passed: true, result: ['Ann', 'Bo'] });
  });

  it('approves by unanimous consent (not for custom responses)', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const root = (await a.create(w.runner, { name: 'Root' })).motion;
    const amendment = (await a.amend(w.runner, root.id, { name: 'Amendment' })).motion;
    const custom = (await a.create(w.runner, { motion_responses: ['A', 'B', 'C'] })).motion;
    await checkIn(h, w, w.members.slice(0, 2));
    expect((await refused(a.unanimous(w.runner, custom.id))).message).toContain(
      'Unanimous consent is not offered',
    );
    // Adopting an amendment is a yes/no question even when the amended motion offers custom responses;
    // the motion vote held on it keeps those responses, so it takes no unanimous consent.
    const customAmendment = (await a.amend(w.runner, custom.id, { name: 'Custom amendment' })).motion;
    expect(await a.unanimous(w.runner, customAmendment.id, 'amendment')).toMatchObject({
      motion: { amendment_approved: true },
    });
    expect((await refused(a.unanimous(w.runner, customAmendment.id, 'motion'))).message).toContain(
      'Unanimous consent is not offered',
    );
    const amended = await a.unanimous(w.runner, amendment.id, 'amendment');
    expect(amended).toMatchObject({
      message: 'The motion was amended by unanimous consent.',
      motion: { amendment_approved: true },
    });
    // The approved amendment is the active text: the motion vote runs on it.
    const onRoot = await refused(a.unanimous(w.runner, root.id));
    expect(onRoot.code).toBe('rule_broken');
    expect(onRoot.message).toBe('This motion was amended: the vote is held on its approved amendment.');
    expect((await refused(a.start(w.runner, root.id))).message).toBe(onRoot.message);
    const approved = await a.unanimous(w.runner, amendment.id, 'motion');
    expect(approved).toMatchObject({
      message: 'The motion was approved by unanimous consent.',
      motion: { motion_approved: true },
    });
  });

  it('approves by unanimous consent only for runners, in a meeting in progress, and never twice', async () => {
    const w = await newWorld(h, { status: 'planned', quorum: 1 });
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    await checkIn(h, w, w.members.slice(0, 2));
    expect((await refused(a.unanimous(userCtx(w.tenantId, ['create motions']), motion.id))).code).toBe(
      'forbidden',
    );
    expect((await refused(a.unanimous(w.runner, motion.id))).message).toBe('Meeting not in progress');
    await setMeetingStatus(h, w, 'in_progress');
    const done = await a.unanimous(userCtx(w.tenantId, ['update motions']), motion.id);
    expect(done.motion.motion_approved).toBe(true);
    const again = await refused(a.unanimous(w.runner, motion.id));
    expect(again.code).toBe('conflict');
    expect(again.message).toBe('This motion already has a result. Use a revote to replace it.');
    // Unanimous consent blocks a vote like any other: not while another vote is active.
    const other = (await a.create(w.runner, { name: 'Other' })).motion;
    const third = (await a.create(w.runner, { name: 'Third' })).motion;
    await a.start(w.runner, other.id);
    expect((await refused(a.unanimous(w.runner, third.id))).message).toBe('Another vote is active.');
  });
});

describe('quorum and revote rules', () => {
  it('says how many more voting members the quorum needs, pluralised, for votes and unanimous consent', async () => {
    const w = await newWorld(h, { quorum: 4, voters: 5 });
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    const [chair, m1, m2, m3] = w.members;
    if (!chair || !m1 || !m2 || !m3) throw new Error('members');
    expect((await refused(a.start(w.runner, motion.id))).message).toBe(
      'Quorum not met: 4 more voting members needed',
    );
    await checkIn(h, w, [chair, m1]);
    expect((await refused(a.start(w.runner, motion.id))).message).toBe(
      'Quorum not met: 2 more voting members needed',
    );
    expect((await refused(a.unanimous(w.runner, motion.id))).message).toBe(
      'Quorum not met: 2 more voting members needed',
    );
    await checkIn(h, w, [m2]);
    expect((await refused(a.start(w.runner, motion.id))).message).toBe(
      'Quorum not met: 1 more voting member needed',
    );
    // A member who leaves counts no more.
    await checkIn(h, w, [m3]);
    await checkIn(h, w, [m2], false);
    expect((await refused(a.start(w.runner, motion.id))).message).toBe(
      'Quorum not met: 1 more voting member needed',
    );
    await checkIn(h, w, [m2]);
    expect((await a.start(w.runner, motion.id)).message).toBe('Vote Started!');
  });

  it('revotes only once a result exists, and of amendments only the latest', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const plain = (await a.create(w.runner, { name: 'Plain' })).motion;
    const root = (await a.create(w.runner, { name: 'Root' })).motion;
    const first = (await a.amend(w.runner, root.id, { name: 'First amendment' })).motion;
    const second = (await a.amend(w.runner, root.id, { name: 'Second amendment' })).motion;
    await checkIn(h, w, w.members.slice(0, 3));
    expect((await refused(a.start(w.runner, plain.id, 'motion', true))).message).toBe(
      'There is no result to revote yet.',
    );
    expect((await refused(a.unanimous(w.runner, plain.id, 'motion', true))).message).toBe(
      'There is no result to revote yet.',
    );
    await a.unanimous(w.runner, first.id, 'amendment');
    await a.unanimous(w.runner, second.id, 'amendment');
    expect((await refused(a.start(w.runner, first.id, 'amendment', true))).message).toBe(
      'Only the latest amendment can be revoted.',
    );
    expect(
      (await refused(a.start(userCtx(w.tenantId, ['create motions']), second.id, 'amendment', true))).code,
    ).toBe('forbidden');
    // The latest amendment's revote replaces its result with a fresh vote.
    const revote = await a.start(w.runner, second.id, 'amendment', true);
    expect(revote.vote).toMatchObject({ type: 'amendment', respondents_count: 0, is_active: true });
    expect(revote.motion.amendment_approved).toBeNull();
    if (!revote.vote) throw new Error('vote');
    await a.close(w.runner, second.id, revote.vote.id);
    // A motion's result can be revoted (by unanimous consent too).
    await a.unanimous(w.runner, plain.id);
    const redo = await a.unanimous(w.runner, plain.id, 'motion', true);
    expect(redo.motion.motion_approved).toBe(true);
    // Once the amended motion has its result, its amendments are no longer revoted.
    await a.unanimous(w.runner, second.id, 'amendment', true);
    // The motion vote of an amended motion is held on its approved amendment.
    await a.unanimous(w.runner, second.id, 'motion');
    expect((await refused(a.start(w.runner, second.id, 'amendment', true))).message).toBe(
      'The amended motion already has a result: revote the motion instead.',
    );
  });

  it('keeps a motion decided on its approved amendment decided: no new amendment, amendment or motion vote', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const root = (await a.create(w.runner, { name: 'Root' })).motion;
    const approved = (await a.amend(w.runner, root.id, { name: 'Approved' })).motion;
    const pending = (await a.amend(w.runner, root.id, { name: 'Pending' })).motion;
    const alsoApproved = (await a.amend(w.runner, root.id, { name: 'Also approved' })).motion;
    const [m0, m1] = w.members;
    if (!m0 || !m1) throw new Error('members');
    await checkIn(h, w, [m0, m1]);
    await a.unanimous(w.runner, approved.id, 'amendment');
    await a.unanimous(w.runner, alsoApproved.id, 'amendment');
    // The motion as amended is voted on its (first) approved amendment, and passes.
    const { vote } = await a.start(w.runner, approved.id, 'motion');
    if (!vote) throw new Error('vote');
    await a.cast(m0.ctx, approved.id, vote.id, 'in_favor');
    await a.close(w.runner, approved.id, vote.id);
    const decided = 'The amended motion already has a result: revote the motion instead.';
    // Its text no longer changes: not through the root, a pending amendment nor another approved one.
    expect((await refused(a.amend(w.runner, root.id, { name: 'Late' }))).message).toBe(
      'The motion already has a result; it can no longer be amended.',
    );
    expect((await refused(a.amend(w.runner, pending.id, { name: 'Late' }))).code).toBe('rule_broken');
    expect((await refused(a.start(w.runner, pending.id, 'amendment'))).message).toBe(decided);
    expect((await refused(a.unanimous(w.runner, pending.id, 'amendment'))).message).toBe(decided);
    expect((await refused(a.start(w.runner, alsoApproved.id, 'motion'))).message).toBe(decided);
    expect((await refused(a.unanimous(w.runner, alsoApproved.id, 'motion'))).message).toBe(decided);
    const list = await a.retrieve(w.runner);
    expect(list.motions.map((m) => m.name).sort()).toEqual(['Also approved', 'Approved', 'Pending', 'Root']);
    expect(list.votes).toHaveLength(1);
    // The result itself is revoted where it was held.
    expect((await a.start(w.runner, approved.id, 'motion', true)).message).toBe('Vote Started!');
  });
});

describe('the configured vote length', () => {
  it('opens a vote for VOTE_DURATION_SECONDS when the runner gives no duration', async () => {
    const configured = await startHarness({ VOTE_DURATION_SECONDS: '45' });
    try {
      const w = await newWorld(configured);
      const a = api(configured, w);
      const { motion } = await a.create(w.runner);
      await checkIn(configured, w, w.members.slice(0, 3));
      const { vote } = await a.start(w.runner, motion.id);
      expect(Date.parse(vote?.ended_at ?? '') - Date.parse(vote?.started_at ?? '')).toBe(45_000);
    } finally {
      await configured.stop();
    }
  });
});

describe('adding time and closing', () => {
  it('lets admins add time and close, refuses bad input and a vote of another motion', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const { motion } = await a.create(w.runner, { result_visibility: 'hide_all' });
    const other = (await a.create(w.runner, { name: 'Other' })).motion;
    await checkIn(h, w, w.members.slice(0, 2));
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    // A vote is addressed under its own motion only.
    expect((await refused(a.addTime(w.runner, other.id, vote.id))).code).toBe('not_found');
    expect((await refused(a.close(w.runner, other.id, vote.id))).code).toBe('not_found');
    const zero = await refused(
      h.call(S.voteAddTime, w.runner, { ...w.base, id: motion.id, voteId: vote.id, time: 0 }, ZVoteReply),
    );
    expect(zero.code).toBe('bad_request');
    // No meeting permission at all: refused; the admin role may.
    const member = w.members[1];
    if (!member) throw new Error('member');
    expect((await refused(a.addTime(member.ctx, motion.id, vote.id))).code).toBe('forbidden');
    expect((await refused(a.close(member.ctx, motion.id, vote.id))).code).toBe('forbidden');
    const admin = userCtx(w.tenantId, [], { roles: ['admin'] });
    const added = await a.addTime(admin, motion.id, vote.id, 20);
    expect(Date.parse(added.vote?.ended_at ?? '') - Date.parse(vote.ended_at)).toBe(20_000);
    const after = (await a.retrieve(w.runner)).votes.find((v) => v.id === vote.id);
    expect(after?.ended_at).toBe(added.vote?.ended_at);
    const closed = (await a.close(admin, motion.id, vote.id)).vote;
    expect(closed?.is_active).toBe(false);
    // The admin does not run meetings: the hidden results stay hidden in the answer too.
    expect(closed).toMatchObject({ outcome: null, result: null, summary_visible: false });
    const runnerView = (await a.retrieve(w.runner)).votes.find((v) => v.id === vote.id);
    expect(runnerView?.summary_visible).toBe(true);
  });
});

describe('results counted on the server', () => {
  it('counts respondents, not responses, against the quorum', async () => {
    const w = await newWorld(h, { quorum: 2 });
    const a = api(h, w);
    const { motion } = await a.create(w.runner, {
      name: 'Elect two',
      motion_responses: ['Ann', 'Bob', 'Cy'],
      maximum_responses: 2,
    });
    expect(motion).toMatchObject({ vote_type: 'multiple', maximum_responses: 2 });
    const [m0, m1] = w.members;
    if (!m0 || !m1) throw new Error('members');
    await checkIn(h, w, w.members.slice(0, 3));
    const first = (await a.start(w.runner, motion.id)).vote;
    if (!first) throw new Error('vote');
    expect(first.quorum).toBe(2);
    // One member's two responses are two rows but one respondent: below the quorum of 2.
    await a.cast(m0.ctx, motion.id, first.id, 'Ann');
    await a.cast(m0.ctx, motion.id, first.id, 'Bob');
    expect(await h.service.runtime.prisma.response.count({ where: { voteId: first.id } })).toBe(2);
    const invalid = (await a.close(w.runner, motion.id, first.id)).vote;
    expect(invalid).toMatchObject({
      respondents_count: 1,
      valid: false,
      validity_message: 'A minimum of 2 members are required to validate the vote, only 1 received',
    });
    // A second member makes two respondents: valid.
    const second = (await a.start(w.runner, motion.id, 'motion', true)).vote;
    if (!second) throw new Error('revote');
    await a.cast(m0.ctx, motion.id, second.id, 'Ann');
    await a.cast(m0.ctx, motion.id, second.id, 'Bob');
    await a.cast(m1.ctx, motion.id, second.id, 'Ann');
    const valid = (await a.close(w.runner, motion.id, second.id)).vote;
    expect(valid).toMatchObject({ respondents_count: 2, valid: true });
    const listed = (await a.retrieve(w.runner)).votes.find((v) => v.id === second.id);
    expect(listed).toMatchObject({ respondents_count: 2, valid: true });
  });

  it('passes a two-thirds motion only with at least two thirds of the valid responses', async () => {
    const w = await newWorld(h, { quorum: 2, voters: 7, twoThirds: true });
    const a = api(h, w);
    const { motion } = await a.create(w.runner, { vote_type: 'two_thirds' });
    expect(motion.vote_type).toBe('two_thirds');
    const voters = w.members.filter((m) => m.position !== 'Advisor');
    await checkIn(h, w, voters);
    const castAll = async (voteId: string, choices: string[]) => {
      for (const [i, choice] of choices.entries()) {
        const m = voters[i];
        if (!m) throw new Error('voter');
        await a.cast(m.ctx, motion.id, voteId, choice);
      }
    };
    const first = (await a.start(w.runner, motion.id)).vote;
    if (!first) throw new Error('vote');
    expect(first.vote_type).toBe('two_thirds');
    // 3 of 5: a simple majority, but below ceil(2/3 × 5) = 4.
    await castAll(first.id, ['in_favor', 'in_favor', 'in_favor', 'opposed', 'opposed']);
    const failed = (await a.close(w.runner, motion.id, first.id)).vote;
    expect(failed).toMatchObject({ vote_type: 'two_thirds', valid: true, result: null, passed: false });
    // 4 of 6 valid (the abstention is no valid response): ceil(2/3 × 6) = 4 is reached.
    const second = (await a.start(w.runner, motion.id, 'motion', true)).vote;
    if (!second) throw new Error('revote');
    await castAll(second.id, [
      'in_favor',
      'in_favor',
      'in_favor',
      'in_favor',
      'opposed',
      'opposed',
      'abstained',
    ]);
    const passed = (await a.close(w.runner, motion.id, second.id)).vote;
    expect(passed).toMatchObject({ vote_type: 'two_thirds', result: 'in_favor', passed: true });
    const listed = (await a.retrieve(w.runner)).votes.find((v) => v.id === second.id);
    expect(listed).toMatchObject({ result: 'in_favor', passed: true });
  });

  it('passes an amendment vote on a majority in favour, and not on a tie', async () => {
    const w = await newWorld(h, { quorum: 1 });
    const a = api(h, w);
    const root = (await a.create(w.runner, { name: 'Root' })).motion;
    const amendment = (await a.amend(w.runner, root.id, { name: 'Amendment' })).motion;
    const [m0, m1] = w.members;
    if (!m0 || !m1) throw new Error('members');
    await checkIn(h, w, w.members.slice(0, 3));
    const first = (await a.start(w.runner, amendment.id, 'amendment')).vote;
    if (!first) throw new Error('vote');
    await a.cast(m0.ctx, amendment.id, first.id, 'in_favor');
    await a.cast(m1.ctx, amendment.id, first.id, 'in_favor');
    const adopted = (await a.close(w.runner, amendment.id, first.id)).vote;
    expect(adopted).toMatchObject({ type: 'amendment', result: 'in_favor', passed: true });
    // Revoted to a 1–1 tie: no response reaches the majority, the amendment does not pass.
    const second = (await a.start(w.runner, amendment.id, 'amendment', true)).vote;
    if (!second) throw new Error('revote');
    await a.cast(m0.ctx, amendment.id, second.id, 'in_favor');
    await a.cast(m1.ctx, amendment.id, second.id, 'opposed');
    const tied = (await a.close(w.runner, amendment.id, second.id)).vote;
    expect(tied).toMatchObject({ type: 'amendment', result: null, passed: false });
    const listed = (await a.retrieve(w.runner)).votes.find((v) => v.id === second.id);
    expect(listed?.passed).toBe(false);
  });
});

describe('who has voted (runners)', () => {
  const memberStatus = (ctx: TRequestContext, voteId: string) =>
    h.call(S.memberStatus, ctx, { vote_id: voteId }, ZMemberStatusReply);

  it("answers each member's responses against the maximum: no vote, partial, voted; ineligible members too", async () => {
    const w = await newWorld(h, { voters: 4 });
    const a = api(h, w);
    const [all, some, none, away, advisor] = w.members;
    if (!all || !some || !none || !away || !advisor) throw new Error('members');
    const { motion } = await a.create(w.runner, {
      motion_responses: ['Ann', 'Bob', 'Cy'],
      maximum_responses: 2,
    });
    // Everyone but one voting member is checked in; the advisor is in the room but may not vote.
    await checkIn(h, w, [all, some, none, advisor]);
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    await a.cast(all.ctx, motion.id, vote.id, 'Ann');
    await a.cast(all.ctx, motion.id, vote.id, 'Bob');
    await a.cast(some.ctx, motion.id, vote.id, 'Cy');

    const status = await memberStatus(w.runner, vote.id);
    expect(status.vote_id).toBe(vote.id);
    expect(status.maximum_responses).toBe(2);
    const row = (m: typeof all, eligible: boolean, responses_cast: number, state: string) => ({
      membership_id: m.membershipId,
      user_id: m.userId,
      eligible,
      responses_cast,
      status: state,
    });
    const byMember = (x: { membership_id: string }, y: { membership_id: string }) =>
      x.membership_id.localeCompare(y.membership_id);
    expect([...status.members].sort(byMember)).toEqual(
      [
        row(all, true, 2, 'voted'),
        row(some, true, 1, 'partial_vote'),
        row(none, true, 0, 'no_vote'),
        row(away, false, 0, 'no_vote'),
        row(advisor, false, 0, 'no_vote'),
      ].sort(byMember),
    );
  });

  it("refuses whoever does not run meetings, and finds no vote of another association's", async () => {
    const w = await newWorld(h);
    const a = api(h, w);
    const { motion } = await a.create(w.runner);
    await checkIn(h, w, w.members);
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    const [member] = w.members;
    if (!member) throw new Error('member');
    await a.cast(member.ctx, motion.id, vote.id, 'in_favor');
    // A voting member, and one who may edit motions but not run the meeting.
    for (const ctx of [member.ctx, userCtx(w.tenantId, ['update motions', 'create motions'])]) {
      expect(await refused(memberStatus(ctx, vote.id))).toMatchObject({
        code: 'forbidden',
        message: 'Only meeting runners see who has voted.',
      });
    }
    const other = await newWorld(h, { voters: 1 });
    expect((await refused(memberStatus(other.runner, vote.id))).code).toBe('not_found');
    expect((await memberStatus(w.runner, vote.id)).members).toHaveLength(w.members.length);
  });
});
