import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  type Permission,
  type TRequestContext,
  ZEmailVote,
  ZMessageReply,
  ZMotionReply,
} from '@gavel/contracts';
import { eventually, uniqueName } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, refused, S } from './helpers.js';
import {
  checkIn,
  type Harness,
  newWorld,
  publishEvent,
  startHarness,
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

const EVERYTHING: Permission[] = [
  'run meetings',
  'update motions',
  'create motions',
  'delete motions',
  'create email vote',
];

/** Every mutating call of spec section 7 that the voting service answers, aimed at one motion and vote. */
function mutations(
  h: Harness,
  base: World['base'],
  ids: { motion: string; amendment: string; vote: string; member: string },
) {
  const a = api(h, { base } as World);
  return {
    create: (ctx: TRequestContext) => a.create(ctx, { name: 'Intruding motion' }),
    amend: (ctx: TRequestContext) => a.amend(ctx, ids.motion),
    update: (ctx: TRequestContext) => a.update(ctx, ids.motion, { name: 'Hijacked' }),
    remove: (ctx: TRequestContext) => a.remove(ctx, ids.amendment),
    hide: (ctx: TRequestContext) => a.hide(ctx, ids.motion, 'hide_all'),
    start: (ctx: TRequestContext) => a.start(ctx, ids.amendment, 'amendment'),
    unanimous: (ctx: TRequestContext) => a.unanimous(ctx, ids.amendment, 'amendment'),
    addTime: (ctx: TRequestContext) => a.addTime(ctx, ids.motion, ids.vote, 600),
    close: (ctx: TRequestContext) => a.close(ctx, ids.motion, ids.vote),
    cast: (ctx: TRequestContext) => a.cast(ctx, ids.motion, ids.vote, 'opposed', { member_id: ids.member }),
  };
}

/** A meeting world with a motion under an active vote (one response in), an amendment and a late motion. */
async function busyWorld() {
  const w = await newWorld(h, { quorum: 1 });
  const a = api(h, w);
  const late = (await a.create(w.runner, { name: 'Late' })).motion;
  const motion = (await a.create(w.runner, { name: 'Adopt the budget' })).motion;
  const amendment = (await a.amend(w.runner, late.id, { name: 'Amend late' })).motion;
  const [chair, member] = w.members;
  if (!chair || !member) throw new Error('members');
  await checkIn(h, w, [chair, member]);
  const { vote } = await a.start(w.runner, motion.id);
  if (!vote) throw new Error('vote');
  await a.cast(chair.ctx, motion.id, vote.id, 'in_favor');
  const ids = { motion: motion.id, amendment: amendment.id, vote: vote.id, member: member.membershipId };
  const snapshot = async () => {
    const view = await a.retrieve(w.runner);
    return {
      motions: view.motions.map((m) => [m.id, m.name, m.sort, m.result_visibility, m.amendment_approved]),
      votes: view.votes.map((v) => [v.id, v.ended_at, v.is_active, v.respondents_count, v.outcome]),
    };
  };
  return { w, ids, snapshot };
}

describe('tenant isolation of every mutating call', () => {
  it("never lets another association's user, even a global admin, change a motion, vote or response", async () => {
    const { w, ids, snapshot } = await busyWorld();
    const before = await snapshot();
    const other = await newWorld(h);
    const intruders = [
      userCtx(other.tenantId, EVERYTHING),
      userCtx(other.tenantId, EVERYTHING, { roles: ['global admin'] }),
    ];
    // Under the victim's own codes and under the intruder's association's codes alike.
    for (const base of [w.base, other.base]) {
      for (const [name, call] of Object.entries(mutations(h, base, ids))) {
        // Creating a motion in the intruder's own meeting is their right, not a leak.
        if (name === 'create' && base === other.base) continue;
        for (const intruder of intruders) {
          const err = await refused(call(intruder));
          expect({ name, code: err.code }).toEqual({ name, code: 'not_found' });
        }
      }
      const resort = await refused(
        api(h, { base } as World).resort(intruders[1] as TRequestContext, [ids.motion]),
      );
      // Unknown meeting under the victim's codes; under its own, the victim's motion ids are unknown.
      expect(resort.code).toBe(base === w.base ? 'not_found' : 'bad_request');
    }
    expect(await snapshot()).toEqual(before);
    // Nothing was created in either association by the intruders.
    const prisma = h.service.runtime.prisma;
    expect(await prisma.motion.count({ where: { tenantId: other.tenantId } })).toBe(0);
    expect(await prisma.response.count({ where: { tenantId: w.tenantId } })).toBe(1);
    // The victim's runner still can (the refusals above are not a broken service).
    const a = api(h, w);
    expect((await a.addTime(w.runner, ids.motion, ids.vote)).message).toBe('10 Seconds Added To Vote Time');
  });

  it("never lets another association's user change an email vote or its motions", async () => {
    const w = await newWorld(h);
    const admin = userCtx(w.tenantId, EVERYTHING);
    const window = {
      start: new Date(Date.now() - 60_000).toISOString(),
      end: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const code = uniqueName('EV').toUpperCase();
    await h.call(
      S.emailVoteCreate,
      admin,
      { committeeCode: w.committee.code, code, name: 'Ballot', ...window },
      ZEmailVote,
    );
    const base = { committeeCode: w.committee.code, voteCode: code };
    const { motion } = await h.call(S.motionCreate, admin, { ...base, name: 'Adopt' }, ZMotionReply);
    const other = await newWorld(h);
    const intruder = userCtx(other.tenantId, EVERYTHING, { roles: ['global admin'] });
    const attempts = {
      update: () => h.call(S.emailVoteUpdate, intruder, { ...base, name: 'Hijacked', ...window }, ZEmailVote),
      create: () =>
        h.call(
          S.emailVoteCreate,
          intruder,
          { committeeCode: w.committee.code, code: 'X1', name: 'Mine', ...window },
          ZEmailVote,
        ),
      motionCreate: () => h.call(S.motionCreate, intruder, { ...base, name: 'Intruding' }, ZMotionReply),
      motionUpdate: () =>
        h.call(S.motionUpdate, intruder, { ...base, id: motion.id, name: 'Hijacked' }, ZMotionReply),
      motionDelete: () => h.call(S.motionDelete, intruder, { ...base, id: motion.id }, ZMessageReply),
      motionHide: () =>
        h.call(
          S.motionHide,
          intruder,
          { ...base, id: motion.id, result_visibility: 'hide_all' },
          ZMotionReply,
        ),
      resort: () => h.call(S.motionsResort, intruder, { ...base, motions: [motion.id] }, ZMessageReply),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const err = await refused(attempt());
      expect({ name, code: err.code }).toEqual({ name, code: 'not_found' });
    }
    const still = await h.call(S.emailVoteGet, admin, base, ZEmailVote);
    expect(still.name).toBe('Ballot');
    const prisma = h.service.runtime.prisma;
    expect(await prisma.motion.count({ where: { tenantId: w.tenantId } })).toBe(1);
    expect(await prisma.emailVote.count({ where: { tenantId: other.tenantId } })).toBe(0);
  });
});

describe('scope isolation inside one association', () => {
  it("never changes one meeting's motions or votes through another meeting's path", async () => {
    const { w, ids, snapshot } = await busyWorld();
    const before = await snapshot();
    // A second meeting of the same committee.
    const meeting = { ...w.meeting, id: randomUUID(), code: uniqueName('M').toUpperCase(), name: 'Second' };
    await publishEvent(h, EVENTS.meetings.meetingCreated, { tenantId: w.tenantId, meeting });
    await eventually(
      async () => (await h.service.runtime.prisma.meetingRm.count({ where: { tenantId: w.tenantId } })) === 2,
      15_000,
    );
    const second = { committeeCode: w.committee.code, meetingCode: meeting.code };
    const runner = userCtx(w.tenantId, EVERYTHING);
    for (const [name, call] of Object.entries(mutations(h, second, ids))) {
      if (name === 'create') continue; // creating in the second meeting is allowed, and harmless here
      const err = await refused(call(runner));
      expect({ name, code: err.code }).toEqual({ name, code: 'not_found' });
    }
    const resort = await refused(api(h, { base: second } as World).resort(runner, [ids.motion]));
    expect(resort).toMatchObject({ code: 'bad_request', message: 'Unknown motion in the new order.' });
    expect(await snapshot()).toEqual(before);
  });
});
