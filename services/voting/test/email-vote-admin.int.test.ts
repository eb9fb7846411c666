import { randomUUID } from 'node:crypto';
import {
  EMAIL_VOTE_CHANGED_MEANWHILE,
  EMAIL_VOTE_LIST_PERMISSIONS,
  EMAIL_VOTE_RULE_ERRORS,
  EVENTS,
  type Permission,
  type TBroadcast,
  type TEmailVoteEvent,
  type TMotion,
  type TRequestContext,
  type TVoteEvent,
  ZCastReply,
  ZEmailVote,
  ZEmailVoteListReply,
  ZMessageReply,
  ZMotionReply,
  ZRetrieveEmailVoteReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_HAS_RESPONSES, EDIT_ENDED } from '../src/email-votes/email-vote.service.js';
import { refused, S } from './helpers.js';
import {
  addMember,
  callWhileEmailVoteCloses,
  type Harness,
  newWorld,
  outboxDrained,
  publishEvent,
  RUNNER,
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

const HOUR = 3_600_000;
const { newEndInPast, nameHasResponses, startHasResponses, descriptionHasResponses } = EMAIL_VOTE_RULE_ERRORS;
const CREATE_ENDED = newEndInPast.message;
const EDIT_NAME_HAS_RESPONSES = nameHasResponses.message;
const EDIT_START_HAS_RESPONSES = startHasResponses.message;
const EDIT_DESCRIPTION_HAS_RESPONSES = descriptionHasResponses.message;
const DAY = 24 * HOUR;
const MANAGER: Permission[] = ['create email vote', 'create motions', 'update motions', 'delete motions'];

const list = (ctx: TRequestContext, committeeCode: string) =>
  h.call(S.emailVotesList, ctx, { committeeCode }, ZEmailVoteListReply);
const remove = (ctx: TRequestContext, committeeCode: string, voteCode: string) =>
  h.call(S.emailVoteDelete, ctx, { committeeCode, voteCode }, ZMessageReply);
/** An edit of the window, renaming the vote 'Edited' unless `fields` name it (and sending a description if they do). */
const edit = (
  ctx: TRequestContext,
  committeeCode: string,
  voteCode: string,
  fields: { start: string; end: string; name?: string; description?: string | null; updated_at?: string },
) => h.call(S.emailVoteUpdate, ctx, { committeeCode, voteCode, name: 'Edited', ...fields }, ZEmailVote);
const get = (ctx: TRequestContext, committeeCode: string, voteCode: string) =>
  h.call(S.emailVoteGet, ctx, { committeeCode, voteCode }, ZRetrieveEmailVoteReply);

/** An email vote of `committeeCode` whose window runs from now + `from` to now + `to` (ms). */
function createVote(ctx: TRequestContext, committeeCode: string, code: string, from: number, to: number) {
  const now = Date.now();
  return h.call(
    S.emailVoteCreate,
    ctx,
    {
      committeeCode,
      code,
      name: `Ballot ${code}`,
      start: new Date(now + from).toISOString(),
      end: new Date(now + to).toISOString(),
    },
    ZEmailVote,
  );
}

/**
 * An email vote that ran from now + `from` to now + `to` (both past, ms). A new vote must close in the future,
 * so it is created open and then closed early, as a manager would.
 */
async function createEndedVote(
  ctx: TRequestContext,
  committeeCode: string,
  code: string,
  from: number,
  to: number,
) {
  const created = await createVote(ctx, committeeCode, code, from, HOUR);
  return h.call(
    S.emailVoteUpdate,
    ctx,
    {
      committeeCode,
      voteCode: code,
      name: created.name,
      start: created.start,
      end: new Date(Date.now() + to).toISOString(),
    },
    ZEmailVote,
  );
}

function addMotion(ctx: TRequestContext, committeeCode: string, voteCode: string, name: string) {
  return h.call(S.motionCreate, ctx, { committeeCode, voteCode, name }, ZMotionReply).then((r) => r.motion);
}

function cast(ctx: TRequestContext, committeeCode: string, voteCode: string, motion: TMotion) {
  return h.call(
    S.responseCast,
    ctx,
    { committeeCode, voteCode, id: motion.id, voteId: motion.motion_vote_id, vote: 'in_favor' },
    ZCastReply,
  );
}

/** Another committee (coded `code`, of `year`) in `tenantId`, as the committees service would announce it. */
async function addCommittee(
  w: World,
  tenantId: string,
  code: string,
  year = w.committee.year,
): Promise<string> {
  const id = randomUUID();
  await publishEvent(h, EVENTS.committees.committeeCreated, {
    tenantId,
    committee: { ...w.committee, id, code, year },
  });
  await eventually(
    async () => (await h.service.runtime.prisma.committeeRm.count({ where: { tenantId, id } })) === 1,
    15_000,
  );
  return id;
}

/** Rows the email vote owns, by table (electorate and responses also of `voteIds`, e.g. votes since deleted). */
async function rowsOf(tenantId: string, emailVoteId: string, knownVoteIds: string[] = []) {
  const prisma = h.service.runtime.prisma;
  const votes = await prisma.vote.findMany({ where: { tenantId, emailVoteId }, select: { id: true } });
  const voteIds = [...new Set([...votes.map((v) => v.id), ...knownVoteIds])];
  return {
    emailVotes: await prisma.emailVote.count({ where: { tenantId, id: emailVoteId } }),
    motions: await prisma.motion.count({ where: { tenantId, emailVoteId } }),
    votes: votes.length,
    electorate: await prisma.elector.count({ where: { tenantId, voteId: { in: voteIds } } }),
    responses: await prisma.response.count({ where: { tenantId, voteId: { in: voteIds } } }),
    voteIds,
  };
}

async function deletedEvents(tenantId: string) {
  await outboxDrained(h);
  return (await streamEvents<TEmailVoteEvent>(h, EVENTS.voting.emailVoteDeleted)).filter(
    (e) => e.payload.tenantId === tenantId,
  );
}

describe('listing a committee’s email votes', () => {
  it('answers the committee’s email votes, newest window first, as retrieve/vote shows each', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 2 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    // Created out of order: the list sorts by window, not by creation.
    await createVote(manager, code, 'NOW', -HOUR, HOUR);
    await createEndedVote(manager, code, 'OLD', -3 * DAY, -2 * DAY);
    await createVote(manager, code, 'NEXT', DAY, 2 * DAY);
    const motion = await addMotion(manager, code, 'NOW', 'Adopt the budget');
    const [voter] = w.members;
    if (!voter) throw new Error('voter');
    await cast(voter.ctx, code, 'NOW', motion);
    // Another committee of the association, with an email vote of the same code: not in this list.
    const otherCode = `${code}X`;
    await addCommittee(w, w.tenantId, otherCode);
    expect(await list(manager, otherCode)).toEqual([]);
    await createVote(manager, otherCode, 'NOW', -HOUR, HOUR);

    const votes = await list(manager, code);
    expect(votes.map((v) => v.code)).toEqual(['NEXT', 'NOW', 'OLD']);
    expect(votes.map((v) => [v.phase, v.can_modify])).toEqual([
      ['planned', true],
      ['in_progress', false],
      ['ended', false],
    ]);
    expect(votes[1]).toMatchObject({
      voting_members_count: 2,
      voting_members_complete_count: 1,
      voting_members_not_started_count: 1,
    });
    // The list leaves the committee out; retrieve/vote adds it.
    for (const v of votes) {
      const { committee, ...vote } = await get(manager, code, v.code);
      expect(v).toEqual(vote);
      expect(committee.id).toBe(v.committee_id);
    }
    expect(await list(manager, otherCode)).toHaveLength(1);
  });

  it("keeps each year's committee of a code apart, and a vote code names one vote across them", async () => {
    // Copies keep codes: the committee's 2025 copy is another committee; vote URLs name only the code.
    const w = await newWorld(h, { voters: 1 });
    const code = w.committee.code;
    const olderId = await addCommittee(w, w.tenantId, code, 2025);
    const admin = userCtx(w.tenantId, MANAGER);
    const now = Date.now();
    const window = { start: new Date(now + HOUR).toISOString(), end: new Date(now + DAY).toISOString() };
    const inOlder = await h.call(
      S.emailVoteCreate,
      admin,
      { committeeCode: code, year: 2025, code: 'OLD', name: 'Ballot OLD', ...window },
      ZEmailVote,
    );
    await createVote(admin, code, 'NEW', HOUR, DAY);
    const codes = (year?: number) =>
      h
        .call(S.emailVotesList, admin, { committeeCode: code, year }, ZEmailVoteListReply)
        .then((rows) => rows.map((v) => v.code));
    expect(await codes(2025)).toEqual(['OLD']);
    expect(await codes(2026)).toEqual(['NEW']);
    expect(await codes()).toEqual(['NEW']);
    const row = await h.service.runtime.prisma.emailVote.findFirst({ where: { id: inOlder.id } });
    expect(row?.committeeId).toBe(olderId);
    // The other year's vote holds its code.
    expect(await refused(createVote(admin, code, 'old', HOUR, DAY))).toMatchObject({
      code: 'conflict',
      errors: { code: ['That code is already used by another vote of this committee.'] },
    });
    expect(await refused(createVote(admin, code, 'a b/c', HOUR, DAY))).toMatchObject({
      code: 'bad_request',
      errors: { code: ['The code may only contain letters, numbers and dashes.'] },
    });
  });

  it('lets whoever may list the committee’s meetings, email vote managers and admins list; refuses others', async () => {
    const w = await newWorld(h, { voters: 1 });
    const code = w.committee.code;
    await createVote(userCtx(w.tenantId, MANAGER), code, 'EV', -HOUR, HOUR);
    const allowed: TRequestContext[] = [
      ...EMAIL_VOTE_LIST_PERMISSIONS.map((p) => userCtx(w.tenantId, [p])),
      ...['admin', 'site admin', 'global admin'].map((role) => userCtx(w.tenantId, [], { roles: [role] })),
    ];
    for (const ctx of allowed) {
      expect(
        (await list(ctx, code)).map((v) => v.code),
        ctx.permissions.join() || ctx.roles.join(),
      ).toEqual(['EV']);
    }
    const [member] = w.members;
    if (!member) throw new Error('member');
    const refusedCtxs: TRequestContext[] = [
      userCtx(w.tenantId),
      member.ctx, // a voting member of the committee
      // Neither may list the committee's meetings.
      userCtx(w.tenantId, ['modify meeting attendance', 'modify meeting rsvps', 'create motions']),
    ];
    for (const ctx of refusedCtxs) {
      const err = await refused(list(ctx, code));
      expect(err.code).toBe('forbidden');
      expect(err.message).toBe('You are not allowed to see the email votes of this committee.');
    }
    expect((await refused(list({ ...userCtx(w.tenantId, MANAGER), userId: null }, code))).code).toBe(
      'unauthenticated',
    );
    expect((await refused(list(userCtx(w.tenantId, MANAGER), 'NO-SUCH-COMMITTEE'))).code).toBe('not_found');
  });

  it('is scoped to the association: another one finds no such committee, or its own empty one', async () => {
    const w = await newWorld(h, { voters: 1 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    await createVote(manager, code, 'EV', -HOUR, HOUR);
    expect(await list(manager, code)).toHaveLength(1);

    // An address's codes are taken literally, never as LIKE patterns.
    for (const [committee, vote] of [
      ['%', 'EV'],
      [code, '%'],
      [code, 'E_'],
    ]) {
      expect((await refused(get(manager, committee as string, vote as string))).code).toBe('not_found');
      expect((await refused(remove(manager, committee as string, vote as string))).code).toBe('not_found');
    }

    const other = await newWorld(h, { voters: 1 });
    for (const ctx of [
      userCtx(other.tenantId, MANAGER),
      userCtx(other.tenantId, [], { roles: ['global admin'] }),
    ]) {
      expect((await refused(list(ctx, code))).code).toBe('not_found');
    }
    // The other association has a committee of the same code: it sees only its own (no) email votes.
    await addCommittee(other, other.tenantId, code);
    expect(await list(userCtx(other.tenantId, [], { roles: ['global admin'] }), code)).toEqual([]);
  });
});

describe('deleting an email vote', () => {
  it('deletes it with its motions and votes while it can be modified, announcing it once', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 2 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    const doomed = await createVote(manager, code, 'DOOMED', -HOUR, HOUR);
    const kept = await createVote(manager, code, 'KEPT', DAY, 2 * DAY);
    await addMotion(manager, code, 'DOOMED', 'First');
    await addMotion(manager, code, 'DOOMED', 'Second');
    await addMotion(manager, code, 'KEPT', 'Kept');
    const before = await rowsOf(w.tenantId, doomed.id);
    expect(before).toMatchObject({ emailVotes: 1, motions: 2, votes: 2, responses: 0 });
    expect(before.electorate).toBeGreaterThan(0);
    const keptBefore = await rowsOf(w.tenantId, kept.id);

    expect(await remove(manager, code, 'doomed')).toEqual({ ok: true, message: 'Vote deleted' });

    expect(await rowsOf(w.tenantId, doomed.id, before.voteIds)).toEqual({
      emailVotes: 0,
      motions: 0,
      votes: 0,
      electorate: 0,
      responses: 0,
      voteIds: before.voteIds,
    });
    expect(await rowsOf(w.tenantId, kept.id)).toEqual(keptBefore);
    expect((await list(manager, code)).map((v) => v.code)).toEqual(['KEPT']);
    expect((await refused(get(manager, code, 'DOOMED'))).code).toBe('not_found');
    expect((await refused(remove(manager, code, 'DOOMED'))).code).toBe('not_found');

    const events = await deletedEvents(w.tenantId);
    expect(events).toHaveLength(1);
    expect(events[0]?.payload.email_vote).toMatchObject({
      id: doomed.id,
      committee_id: w.committee.id,
      code: 'DOOMED',
    });
    // Meetings drops its copy of each of the vote's ballots.
    const votesDeleted = (await streamEvents<TVoteEvent>(h, EVENTS.voting.voteDeleted)).filter(
      (e) => e.payload.tenantId === w.tenantId,
    );
    expect(votesDeleted.map((e) => e.payload.vote.id).sort()).toEqual([...before.voteIds].sort());
    // An open page of the email vote hears of it (and refetches: the vote is gone).
    const states = (await streamEvents<TBroadcast>(h, EVENTS.realtime.broadcast)).filter(
      (b) => b.payload.channel === `vote.${doomed.id}` && b.payload.kind === 'vote.state',
    );
    expect(states).toHaveLength(2); // created, deleted
    expect(states[1]?.payload).toMatchObject({
      tenantId: w.tenantId,
      payload: { email_vote: { id: doomed.id } },
    });
  });

  it('refuses without create email vote, once a response exists, after the end and for another association', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 2 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    await createVote(manager, code, 'ANSWERED', -HOUR, HOUR);
    const open = await createVote(manager, code, 'OPEN', -HOUR, HOUR);
    await createEndedVote(manager, code, 'PAST', -2 * DAY, -DAY);
    const motion = await addMotion(manager, code, 'ANSWERED', 'Adopt the budget');
    await addMotion(manager, code, 'OPEN', 'Adopt the plan');

    // Everything but 'create email vote': meeting staff, runners, the admin role.
    const [member] = w.members;
    if (!member) throw new Error('member');
    const staff = userCtx(w.tenantId, [...RUNNER, 'create meetings', 'update meetings', 'delete meetings'], {
      roles: ['admin', 'site admin'],
    });
    for (const ctx of [staff, member.ctx, userCtx(w.tenantId)]) {
      const err = await refused(remove(ctx, code, 'OPEN'));
      expect(err.code).toBe('forbidden');
      expect(err.message).toBe('You are not allowed to delete email votes.');
    }
    // Another association, even one with a committee of the same code, finds no such vote.
    const other = await newWorld(h, { voters: 1 });
    await addCommittee(other, other.tenantId, code);
    for (const ctx of [
      userCtx(other.tenantId, MANAGER),
      userCtx(other.tenantId, [], { roles: ['global admin'] }),
    ]) {
      expect((await refused(remove(ctx, code, 'OPEN'))).code).toBe('not_found');
    }
    expect((await rowsOf(w.tenantId, open.id)).emailVotes).toBe(1);

    // A response is recorded: the vote and everything in it stay.
    expect((await get(manager, code, 'ANSWERED')).can_modify).toBe(true);
    await cast(member.ctx, code, 'ANSWERED', motion);
    const answered = await get(manager, code, 'ANSWERED');
    const rows = await rowsOf(w.tenantId, answered.id);
    expect(rows).toMatchObject({ emailVotes: 1, motions: 1, votes: 1, responses: 1 });
    const err = await refused(remove(manager, code, 'ANSWERED'));
    expect(err.code).toBe('rule_broken');
    expect(err.message).toBe('This vote already has responses and can no longer be deleted.');
    expect(await rowsOf(w.tenantId, answered.id)).toEqual(rows);

    // Over (can_modify is false) though nobody answered.
    const past = await get(manager, code, 'PAST');
    expect(past.can_modify).toBe(false);
    const ended = await refused(remove(manager, code, 'PAST'));
    expect(ended.code).toBe('rule_broken');
    expect(ended.message).toBe('This vote has ended and can no longer be deleted.');
    expect((await rowsOf(w.tenantId, past.id)).emailVotes).toBe(1);

    expect(await deletedEvents(w.tenantId)).toHaveLength(0);
    // The same vote goes for a holder of the permission.
    expect((await remove(manager, code, 'OPEN')).message).toBe('Vote deleted');
    expect(await deletedEvents(w.tenantId)).toHaveLength(1);
  });

  it("drops a deleted committee's email votes that have not ended and hold no response; others stay", async () => {
    const w = await newWorld(h);
    const manager = userCtx(w.tenantId, MANAGER);
    const code = w.committee.code;
    const open = await createVote(manager, code, 'OPEN', -HOUR, DAY);
    const answered = await createVote(manager, code, 'ANSWERED', -HOUR, DAY);
    const [m0] = w.members;
    if (!m0) throw new Error('members');
    await cast(m0.ctx, code, 'ANSWERED', await addMotion(manager, code, 'ANSWERED', 'Adopt the budget'));
    // Creations racing the deletion: each is refused, or created and then taken with the committee.
    const racing = [1, 2, 3, 4].map((i) =>
      createVote(manager, code, `R${i}`, -HOUR, DAY).then(
        (v) => v.id,
        (err: { code: string }) => err.code,
      ),
    );
    await publishEvent(h, EVENTS.committees.committeeDeleted, {
      tenantId: w.tenantId,
      committee: w.committee,
    });
    const outcomes = await Promise.all(racing);
    for (const o of outcomes) expect(o === 'not_found' || o.length === 36).toBe(true);
    const prisma = h.service.runtime.prisma;
    await eventually(
      async () => (await prisma.committeeRm.findFirst({ where: { id: w.committee.id } }))?.deleted === true,
      10_000,
    );
    await outboxDrained(h);
    expect((await prisma.emailVote.findMany({ where: { tenantId: w.tenantId } })).map((v) => v.id)).toEqual([
      answered.id,
    ]);
    const deleted = (await streamEvents<TEmailVoteEvent>(h, EVENTS.voting.emailVoteDeleted)).filter(
      (e) => e.payload.tenantId === w.tenantId,
    );
    const created = outcomes.filter((o) => o.length === 36);
    expect(deleted.map((e) => e.payload.email_vote.id).sort()).toEqual([open.id, ...created].sort());
  });

  it('refuses a vote closed early while the delete waited for it', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 1 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    const vote = await createVote(manager, code, 'CLOSING', -HOUR, HOUR);
    // Another manager's edit closes it (and holds its row) while the delete has read it as open.
    const deleted = await callWhileEmailVoteCloses(h, w.tenantId, vote.id, () =>
      remove(manager, code, 'CLOSING'),
    );
    expect(deleted).toBe('This vote has ended and can no longer be deleted.');
    expect((await rowsOf(w.tenantId, vote.id)).emailVotes).toBe(1);
  });

  it('refuses the delete and keeps every row when a response lands after its count of responses', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 1 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    const raced = await createVote(manager, code, 'RACED', -HOUR, HOUR);
    const motion = await addMotion(manager, code, 'RACED', 'Adopt the budget');
    const [member] = w.members;
    if (!member || !motion.motion_vote_id) throw new Error('member');
    const before = await rowsOf(w.tenantId, raced.id);
    expect(before).toMatchObject({ emailVotes: 1, motions: 1, votes: 1, responses: 0 });
    // The delete counts responses (none), then removes the vote's contents, motions first: holding the
    // motions table stops it between the two. The response is written straight to the table, as a write
    // that skips the casts' hold on the ballot would land (a cast through the service waits for the delete).
    const prisma = h.service.runtime.prisma;
    let answer: Promise<string> = Promise.resolve('not sent');
    await prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe('LOCK TABLE "voting".motions IN ACCESS EXCLUSIVE MODE');
        answer = remove(manager, code, 'RACED').then(
          (r) => r.message,
          (err: Error) => err.message,
        );
        await eventually(async () => {
          const waiting = await prisma.$queryRawUnsafe<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'
               AND query LIKE '%"motions"%' AND query LIKE '%"email_vote_id"%'`,
          );
          return (waiting[0]?.n ?? 0) > 0;
        }, 10_000);
        await tx.$executeRawUnsafe(
          `INSERT INTO "voting".responses (tenant_id, vote_id, member_id, user_id, response, slot)
           VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, 'in_favor', 1)`,
          w.tenantId,
          motion.motion_vote_id,
          member.membershipId,
          member.userId,
        );
      },
      { timeout: 20_000 },
    );
    expect(await answer).toBe(DELETE_HAS_RESPONSES);
    // Rolled back as a whole: the vote, its motion, ballot and electorate stay, and so does the response.
    expect(await rowsOf(w.tenantId, raced.id)).toEqual({ ...before, responses: 1 });
    expect(await deletedEvents(w.tenantId)).toHaveLength(0);
  });
});

describe('creating an email vote', () => {
  it('refuses a window that is already over (it could never be edited nor deleted), naming the end', async () => {
    const w = await newWorld(h, { voters: 1 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    for (const [voteCode, from, to] of [
      ['OVER', -2 * DAY, -DAY],
      ['JUST', -HOUR, -1000],
    ] as const) {
      const refusal = await refused(createVote(manager, code, voteCode, from, to));
      expect(refusal).toMatchObject({ code: 'rule_broken', message: CREATE_ENDED });
      expect(refusal.errors).toEqual({ end: [CREATE_ENDED] });
    }
    expect(await list(manager, code)).toEqual([]);
    // Closing in the future is enough, whenever it opened.
    expect((await createVote(manager, code, 'RUNS', -DAY, HOUR)).phase).toBe('in_progress');
  });

  it('refuses a Closes not after Opens under Closes, in the words of the form, on create and edit', async () => {
    const w = await newWorld(h, { voters: 1 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    const { field, message } = EMAIL_VOTE_RULE_ERRORS.endAfterStart;
    const created = await refused(createVote(manager, code, 'BACK', 2 * HOUR, HOUR));
    expect(created).toMatchObject({ code: 'bad_request', errors: { [field]: [message] } });
    const open = await createVote(manager, code, 'OPEN', -HOUR, HOUR);
    const edited = await refused(edit(manager, code, 'OPEN', { start: open.end, end: open.end }));
    expect(edited).toMatchObject({ code: 'bad_request', errors: { [field]: [message] } });
  });

  it('refuses, naming the field, dates the database cannot hold and times without an offset', async () => {
    const w = await newWorld(h, { voters: 1 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    const window = (start: string, end: string) => ({ committeeCode: code, name: 'Ballot', start, end });
    const message = (field: string) => `The ${field} must be a date between the years 1900 and 9999.`;
    const year0 = await refused(
      h.call(
        S.emailVoteCreate,
        manager,
        { ...window('0000-01-01T00:00:00Z', '2099-01-01T00:00:00Z'), code: 'Y0' },
        ZEmailVote,
      ),
    );
    expect(year0).toMatchObject({ code: 'bad_request' });
    expect(year0.errors).toEqual({ start: [message('start')] });
    // 9999-12-31 at -14:00 is in the year 10000 in UTC.
    const far = window('2026-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00');
    const late = await refused(h.call(S.emailVoteCreate, manager, { ...far, code: 'Y10K' }, ZEmailVote));
    expect(late.errors).toEqual({ end: [message('end')] });
    await createVote(manager, code, 'OPEN', -HOUR, HOUR);
    const edited = await refused(
      h.call(S.emailVoteUpdate, manager, { ...far, voteCode: 'OPEN' }, ZEmailVote),
    );
    expect(edited).toMatchObject({ code: 'bad_request', errors: { end: [message('end')] } });
    // A time without an offset would be read in the server's zone, not the association's.
    const local = await refused(
      h.call(
        S.emailVoteCreate,
        manager,
        { ...window('2026-01-01T10:00:00', '2099-01-01T10:00:00'), code: 'LOC' },
        ZEmailVote,
      ),
    );
    expect(local.errors).toEqual({
      start: ['The start must be a date and time (ISO 8601).'],
      end: ['The end must be a date and time (ISO 8601).'],
    });
    expect((await list(manager, code)).map((v) => [v.code, v.end])).toEqual([
      ['OPEN', (await get(manager, code, 'OPEN')).end],
    ]);
  });
});

describe('editing an email vote', () => {
  it('moves the window freely until responses arrive, then only the end, and never reopens an ended vote', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 2 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const open = await createVote(manager, code, 'OPEN', -HOUR, HOUR);
    const motion = await addMotion(manager, code, 'OPEN', 'Adopt the budget');
    expect((await refused(edit(userCtx(w.tenantId, ['create motions']), code, 'OPEN', open))).code).toBe(
      'forbidden',
    );
    // No response yet: the whole window moves, and the motion's vote with it.
    const moved = await edit(manager, code, 'OPEN', { start: at(-2 * HOUR), end: at(2 * HOUR) });
    expect(moved).toMatchObject({ name: 'Edited', phase: 'in_progress', can_modify: true });
    const [voter] = w.members;
    if (!voter) throw new Error('voter');
    await cast(voter.ctx, code, 'OPEN', motion);

    // A response is in: the start stays where it was cast...
    const refusal = await refused(edit(manager, code, 'OPEN', { start: at(-HOUR), end: moved.end }));
    expect(refusal).toMatchObject({ code: 'rule_broken', message: EDIT_START_HAS_RESPONSES });
    expect(refusal.errors).toEqual({ start: [EDIT_START_HAS_RESPONSES] });
    // ...while the end may move: more time, then closing early.
    expect((await edit(manager, code, 'OPEN', { start: moved.start, end: at(3 * HOUR) })).phase).toBe(
      'in_progress',
    );
    const closed = await edit(manager, code, 'OPEN', { start: moved.start, end: at(-1000) });
    expect(closed.phase).toBe('ended');

    // Ended: a new end would reopen it with its old responses; nothing changes.
    const reopen = await refused(edit(manager, code, 'OPEN', { start: moved.start, end: at(HOUR) }));
    expect(reopen).toMatchObject({ code: 'rule_broken', message: EDIT_ENDED });
    expect((await get(manager, code, 'OPEN')).phase).toBe('ended');
    await createEndedVote(manager, code, 'PAST', -2 * DAY, -DAY);
    expect((await refused(edit(manager, code, 'PAST', { start: at(-HOUR), end: at(HOUR) }))).message).toBe(
      EDIT_ENDED,
    );
  });

  it('refuses to close a vote that has not opened (it could then be neither edited nor deleted), naming Closes', async () => {
    const w = await newWorld(h);
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const planned = await createVote(manager, code, 'LATER', DAY, 2 * DAY);
    const { message } = EMAIL_VOTE_RULE_ERRORS.plannedEndInPast;
    for (const window of [
      { start: at(-2 * DAY), end: at(-DAY) },
      { start: at(-2 * DAY), end: at(-1000) },
    ]) {
      const refusal = await refused(edit(manager, code, 'LATER', window));
      expect(refusal).toMatchObject({ code: 'rule_broken', message });
      expect(refusal.errors).toEqual({ end: [message] });
    }
    expect(await get(manager, code, 'LATER')).toMatchObject({
      phase: 'planned',
      start: planned.start,
      end: planned.end,
    });
    // Moved to open now, it may: the window is in the future's reach.
    expect((await edit(manager, code, 'LATER', { start: at(-HOUR), end: at(HOUR) })).phase).toBe(
      'in_progress',
    );
  });
});

describe('editing an email vote once responses are in', () => {
  it('changes only Closes: a new name or description is refused, each naming its field; the same ones resent save', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 2 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    const created = await h.call(
      S.emailVoteCreate,
      manager,
      {
        committeeCode: code,
        code: 'FIXED',
        name: 'Budget ballot',
        description: '<p>Read this first</p>',
        start: new Date(Date.now() - HOUR).toISOString(),
        end: new Date(Date.now() + HOUR).toISOString(),
      },
      ZEmailVote,
    );
    const same = { name: created.name, description: created.description, start: created.start };
    // Before any response, both may still change.
    expect(
      await edit(manager, code, 'FIXED', { ...same, name: 'Budget ballot 2', end: created.end }),
    ).toMatchObject({ name: 'Budget ballot 2' });
    const answered = await edit(manager, code, 'FIXED', { ...same, end: created.end });
    const motion = await addMotion(manager, code, 'FIXED', 'Adopt the budget');
    const [voter] = w.members;
    if (!voter) throw new Error('voter');
    await cast(voter.ctx, code, 'FIXED', motion);
    const rows = async () => {
      const row = await h.service.runtime.prisma.emailVote.findFirstOrThrow({
        where: { tenantId: w.tenantId, id: created.id },
      });
      return {
        name: row.name,
        description: row.description,
        end: row.end.toISOString(),
        updatedAt: row.updatedAt,
      };
    };
    const before = await rows();

    const renamed = await refused(edit(manager, code, 'FIXED', { ...same, name: 'Other', end: created.end }));
    expect(renamed).toMatchObject({ code: 'rule_broken', message: EDIT_NAME_HAS_RESPONSES });
    expect(renamed.errors).toEqual({ name: [EDIT_NAME_HAS_RESPONSES] });
    const described = await refused(
      edit(manager, code, 'FIXED', { ...same, description: '<p>Other</p>', end: created.end }),
    );
    expect(described).toMatchObject({ code: 'rule_broken', message: EDIT_DESCRIPTION_HAS_RESPONSES });
    expect(described.errors).toEqual({ description: [EDIT_DESCRIPTION_HAS_RESPONSES] });
    // Cleared is a change too; several at once name each field.
    const all = await refused(
      edit(manager, code, 'FIXED', {
        name: 'Other',
        description: null,
        start: new Date(Date.now() - 2 * HOUR).toISOString(),
        end: new Date(Date.now() + 2 * HOUR).toISOString(),
      }),
    );
    expect(all.errors).toEqual({
      name: [EDIT_NAME_HAS_RESPONSES],
      start: [EDIT_START_HAS_RESPONSES],
      description: [EDIT_DESCRIPTION_HAS_RESPONSES],
    });
    // Nothing of the refused edits was written, not even the end sent with them.
    expect(await rows()).toEqual(before);

    // The form resends the name and description as they were (the name with spaces trimmed): Closes moves.
    const later = new Date(Date.now() + 3 * HOUR).toISOString();
    const saved = await edit(manager, code, 'FIXED', { ...same, name: ` ${answered.name} `, end: later });
    expect(saved).toMatchObject({ name: 'Budget ballot', description: '<p>Read this first</p>', end: later });
    // Left out, the description stays as it is.
    expect(
      (await edit(manager, code, 'FIXED', { name: same.name, start: same.start, end: created.end })).end,
    ).toBe(created.end);
  });
});

describe('editing an email vote someone else saved meanwhile', () => {
  it('refuses an edit from the vote as loaded before another save (409), writing nothing; a current one saves', async () => {
    const w = await newWorld(h, { voters: 1 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    const loaded = await createVote(manager, code, 'BOTH', -HOUR, HOUR);
    expect(loaded.updated_at).toBe((await get(manager, code, 'BOTH')).updated_at);
    const window = { start: loaded.start, end: loaded.end };
    // Two managers open the edit form; B saves first.
    const byB = await edit(manager, code, 'BOTH', {
      ...window,
      name: "B's name",
      updated_at: loaded.updated_at,
    });
    expect(byB.name).toBe("B's name");
    expect(byB.updated_at).not.toBe(loaded.updated_at);
    const row = () =>
      h.service.runtime.prisma.emailVote.findFirstOrThrow({ where: { tenantId: w.tenantId, id: loaded.id } });
    const afterB = await row();
    await outboxDrained(h);
    const updatedEvents = async () =>
      (await streamEvents<TEmailVoteEvent>(h, EVENTS.voting.emailVoteUpdated)).filter(
        (e) => e.payload.email_vote.id === loaded.id,
      );
    expect(await updatedEvents()).toHaveLength(1);

    // A saves every field of the vote as A loaded it, a later Closes too: refused, B's change stays.
    const stale = await refused(
      edit(manager, code, 'BOTH', {
        name: "A's name",
        start: loaded.start,
        end: new Date(Date.now() + 2 * HOUR).toISOString(),
        updated_at: loaded.updated_at,
      }),
    );
    expect(stale).toMatchObject({
      code: 'conflict',
      message: EMAIL_VOTE_CHANGED_MEANWHILE,
    });
    expect(stale.errors).toBeUndefined();
    // Closing it now is refused too (the stale form's Closes in the past), and its ballots stay open.
    const motion = await addMotion(manager, code, 'BOTH', 'Adopt the budget');
    const closing = await refused(
      edit(manager, code, 'BOTH', {
        ...window,
        name: "B's name",
        end: new Date(Date.now() - 1000).toISOString(),
        updated_at: loaded.updated_at,
      }),
    );
    expect(closing.code).toBe('conflict');
    expect(await row()).toEqual(afterB);
    const ballot = await h.service.runtime.prisma.vote.findFirstOrThrow({
      where: { tenantId: w.tenantId, id: motion.motion_vote_id ?? '' },
    });
    expect(ballot.endedAt.getTime()).toBe(afterB.end.getTime());
    await outboxDrained(h);
    expect(await updatedEvents()).toHaveLength(1);

    // A reloads and saves over the vote as it is now; a caller that sends no updated_at is not checked.
    const reloaded = await get(manager, code, 'BOTH');
    expect(reloaded.updated_at).toBe(byB.updated_at);
    expect(
      (await edit(manager, code, 'BOTH', { ...window, name: "A's name", updated_at: reloaded.updated_at }))
        .name,
    ).toBe("A's name");
    expect((await edit(manager, code, 'BOTH', window)).name).toBe('Edited');
  });
});

describe('editing an email vote: description and closing', () => {
  it('keeps a description the edit leaves out; null or an empty one clears it', async () => {
    const w = await newWorld(h, { voters: 1 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    const window = {
      start: new Date(Date.now() - HOUR).toISOString(),
      end: new Date(Date.now() + HOUR).toISOString(),
    };
    await h.call(
      S.emailVoteCreate,
      manager,
      { committeeCode: code, code: 'DESC', name: 'Ballot', description: '<p>Read this first</p>', ...window },
      ZEmailVote,
    );
    const withDescription = (description: string | null) =>
      h.call(
        S.emailVoteUpdate,
        manager,
        { committeeCode: code, voteCode: 'DESC', name: 'Ballot', description, ...window },
        ZEmailVote,
      );
    // Left out (as a PUT that only renames or moves the vote sends it): kept, as a meeting's fields are.
    expect((await edit(manager, code, 'DESC', window)).description).toBe('<p>Read this first</p>');
    expect((await get(manager, code, 'DESC')).description).toBe('<p>Read this first</p>');
    // Sent empty, as the edit form sends a cleared one (null), or as '': cleared.
    expect((await withDescription(null)).description).toBeNull();
    expect((await withDescription('<p>Again</p>')).description).toBe('<p>Again</p>');
    // Sanitised as motions are (the shared rich-text allowlist): no overlay classes, trackers or script links.
    expect(
      (
        await withDescription(
          '<p class="fixed inset-0 z-50">Read<img src="https://tracker.example/x.png"> <a href="javascript:alert(1)">this</a></p>',
        )
      ).description,
    ).toBe('<p>Read <a rel="noopener noreferrer nofollow">this</a></p>');
    expect((await withDescription('')).description).toBeNull();
    expect((await get(manager, code, 'DESC')).description).toBeNull();
  });

  it('closes an open vote now when Closes is saved in the past, never before the responses it counts', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 2 });
    const code = w.committee.code;
    const manager = userCtx(w.tenantId, MANAGER);
    const open = await createVote(manager, code, 'LATE', -2 * HOUR, HOUR);
    const motion = await addMotion(manager, code, 'LATE', 'Adopt the budget');
    const [voter] = w.members;
    if (!voter) throw new Error('voter');
    await cast(voter.ctx, code, 'LATE', motion);

    const before = Date.now();
    const closed = await edit(manager, code, 'LATE', {
      name: open.name,
      start: open.start,
      end: new Date(before - HOUR).toISOString(),
    });
    const after = Date.now();
    expect(closed.phase).toBe('ended');
    const end = Date.parse(closed.end);
    expect(end).toBeGreaterThanOrEqual(before);
    expect(end).toBeLessThanOrEqual(after);
    const prisma = h.service.runtime.prisma;
    const ballot = await prisma.vote.findFirst({
      where: { tenantId: w.tenantId, id: motion.motion_vote_id ?? '' },
    });
    const responses = await prisma.response.findMany({ where: { tenantId: w.tenantId, voteId: ballot?.id } });
    expect(responses).toHaveLength(1);
    expect(ballot?.endedAt.getTime()).toBe(end);
    for (const r of responses)
      expect(ballot?.endedAt.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());
  });
});

describe("an email vote's live page", () => {
  it('is asked to refetch when the committee’s members change, until the vote has ended', async () => {
    const w = await newWorld(h, { voters: 1 });
    const manager = userCtx(w.tenantId, MANAGER);
    const open = await createVote(manager, w.committee.code, 'LIVE', -HOUR, DAY);
    const ended = await createEndedVote(manager, w.committee.code, 'DONE', -2 * DAY, -DAY);
    const hintsTo = async (emailVoteId: string) =>
      (await streamEvents<TBroadcast>(h, EVENTS.realtime.broadcast))
        .map((e) => e.payload)
        .filter((b) => b.channel === `vote.${emailVoteId}` && b.kind === 'refresh');
    await addMember(h, w.tenantId, w.committee.id, 'Member', 'North');
    await eventually(async () => (await hintsTo(open.id)).length === 1, 10_000);
    expect((await hintsTo(open.id))[0]?.payload).toEqual({ target: 'all' });
    expect(await hintsTo(ended.id)).toEqual([]);
  });

  it('gets a motion added while the vote is open with its ballot, votable at once', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 2 });
    const manager = userCtx(w.tenantId, MANAGER);
    const open = await createVote(manager, w.committee.code, 'ADDED', -HOUR, DAY);
    const motion = await addMotion(manager, w.committee.code, 'ADDED', 'Adopt the budget');
    await outboxDrained(h);
    const onPage = (await streamEvents<TBroadcast>(h, EVENTS.realtime.broadcast))
      .map((e) => e.payload)
      .filter((b) => b.channel === `vote.${open.id}`);
    expect(onPage.map((b) => b.kind)).toEqual(['vote.state', 'motion.updated', 'vote.updated']);
    const ballot = onPage[2];
    const expected = {
      id: motion.motion_vote_id,
      motion_id: motion.id,
      email_vote_id: open.id,
      started_at: open.start,
      ended_at: open.end,
      is_active: true,
      respondents_count: 0,
      expected_count: 2,
    };
    expect(ballot?.payload).toMatchObject({ vote: { ...expected, outcome: null } });
    expect(ballot?.runner_payload).toMatchObject({ vote: expected });

    // Edited before anyone voted: the rewritten ballot (its responses) reaches open pages with the motion.
    const edited = await h.call(
      S.motionUpdate,
      manager,
      {
        committeeCode: w.committee.code,
        voteCode: 'ADDED',
        id: motion.id,
        name: 'Pick a colour',
        custom_responses_enabled: true,
        motion_responses: ['Red', 'Blue'],
      },
      ZMotionReply,
    );
    await outboxDrained(h);
    const after = (await streamEvents<TBroadcast>(h, EVENTS.realtime.broadcast))
      .map((e) => e.payload)
      .filter((b) => b.channel === `vote.${open.id}`)
      .slice(3);
    expect(after.map((b) => b.kind)).toEqual(['motion.updated', 'vote.updated']);
    expect(after[1]?.payload).toMatchObject({
      vote: { id: edited.motion.motion_vote_id, responses: ['Red', 'Blue', 'abstained'] },
    });
  });
});
