import {
  EMAIL_VOTE_RULE_ERRORS,
  EVENTS,
  type TBroadcast,
  type TMotion,
  type TRequestContext,
  type TVoteView,
  ZCastReply,
  ZEmailVote,
  ZMessageReply,
  ZMotionReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_HAS_RESPONSES } from '../src/email-votes/email-vote.service.js';
import { HAS_RESPONSES } from '../src/motions/motion.service.js';
import { CAST_BATCH, castSql } from '../src/responses/response.repository.js';
import { api, S } from './helpers.js';
import {
  checkIn,
  type Harness,
  type Member,
  newWorld,
  outboxDrained,
  startHarness,
  streamEvents,
  userCtx,
  waitingForLock,
} from './support.js';

/**
 * An email vote's ballots take casts all along, without the lock its changes take: a change that needs
 * "nobody has voted" (adding, deleting or editing a motion, deleting the vote, moving its start) and a
 * cast that arrive together must end one way or the other, never with an acknowledged response deleted,
 * counted on a ballot that was changed under it, or standing beside a motion added after it.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const HOUR = 3_600_000;
const MANAGER = ['create email vote', 'create motions', 'update motions', 'delete motions'] as const;

interface Ballot {
  tenantId: string;
  base: { committeeCode: string; voteCode: string };
  manager: TRequestContext;
  emailVoteId: string;
  start: string;
  end: string;
  motion: TMotion;
  voteId: string;
  members: Member[];
}

/** An open email vote with one motion (and its ballot), and its committee's voting members. */
async function openBallot(code: string): Promise<Ballot> {
  const w = await newWorld(h, { quorum: 1, voters: 3 });
  const manager = userCtx(w.tenantId, [...MANAGER]);
  const window = {
    start: new Date(Date.now() - HOUR).toISOString(),
    end: new Date(Date.now() + HOUR).toISOString(),
  };
  const base = { committeeCode: w.committee.code, voteCode: code };
  const ev = await h.call(
    S.emailVoteCreate,
    manager,
    { committeeCode: w.committee.code, code, name: 'Ballot', ...window },
    ZEmailVote,
  );
  const { motion } = await h.call(
    S.motionCreate,
    manager,
    { ...base, name: 'Adopt the budget' },
    ZMotionReply,
  );
  if (!motion.motion_vote_id) throw new Error('an email vote motion opens its ballot');
  return {
    tenantId: w.tenantId,
    base,
    manager,
    emailVoteId: ev.id,
    start: ev.start,
    end: ev.end,
    motion,
    voteId: motion.motion_vote_id,
    members: w.members.filter((m) => m.position !== 'Advisor'),
  };
}

/** Rows still there: the email vote's motions (its one, or none), the ballot and the ballot's responses. */
async function rows(b: Ballot) {
  const prisma = h.service.runtime.prisma;
  return {
    motions: await prisma.motion.count({ where: { tenantId: b.tenantId, emailVoteId: b.emailVoteId } }),
    votes: await prisma.vote.count({ where: { tenantId: b.tenantId, id: b.voteId } }),
    responses: await prisma.response.count({ where: { tenantId: b.tenantId, voteId: b.voteId } }),
  };
}

/** Runs `work` in a transaction of its own connection, committed when it returns. */
async function inTransaction(work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: h.vars.DATABASE_URL });
  await client.connect();
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** The member's cast by the service's own SQL (one cast, or a batch of one), not yet committed. */
async function castUncommitted(client: pg.Client, b: Ballot, m: Member, how: 'single' | 'batch') {
  const result =
    how === 'single'
      ? await client.query(castSql('user'), [b.tenantId, b.voteId, 'in_favor', m.userId, null])
      : await client.query(CAST_BATCH, [[0], [b.tenantId], [b.voteId], ['in_favor'], [m.userId], [null]]);
  expect(result.rows.filter((r) => r.new)).toHaveLength(1);
}

/** Sends `call`, and returns once it waits for a lock (or has answered already) with its answer to come. */
async function sentAndWaiting(call: () => Promise<unknown>): Promise<{ answer: Promise<string> }> {
  const answer = call().then(
    () => 'done',
    (err: Error) => err.message,
  );
  await Promise.race([eventually(() => waitingForLock(h), 10_000), answer]);
  return { answer };
}

const changes: [string, (b: Ballot) => Promise<unknown>, string][] = [
  [
    'adding a motion',
    (b) => h.call(S.motionCreate, b.manager, { ...b.base, name: 'Adopt a second budget' }, ZMotionReply),
    HAS_RESPONSES,
  ],
  [
    'deleting the motion',
    (b) => h.call(S.motionDelete, b.manager, { ...b.base, id: b.motion.id }, ZMessageReply),
    HAS_RESPONSES,
  ],
  [
    'editing the motion',
    (b) =>
      h.call(
        S.motionUpdate,
        b.manager,
        { ...b.base, id: b.motion.id, name: 'Adopt another budget' },
        ZMotionReply,
      ),
    HAS_RESPONSES,
  ],
  [
    'deleting the email vote',
    (b) => h.call(S.emailVoteDelete, b.manager, b.base, ZMessageReply),
    DELETE_HAS_RESPONSES,
  ],
  [
    'moving the email vote’s start',
    (b) =>
      h.call(
        S.emailVoteUpdate,
        b.manager,
        { ...b.base, name: 'Ballot', start: new Date(Date.now() - 2 * HOUR).toISOString(), end: b.end },
        ZEmailVote,
      ),
    EMAIL_VOTE_RULE_ERRORS.startHasResponses.message,
  ],
];

describe('a cast in flight when a change of the email vote arrives', () => {
  for (const how of ['single', 'batch'] as const) {
    it.each(changes)(
      `${how} cast: %s waits for the cast and then refuses, keeping the response`,
      async (_name, change, refusal) => {
        const b = await openBallot('RACE');
        const [member] = b.members;
        if (!member) throw new Error('member');
        let sent = { answer: Promise.resolve('not sent') };
        await inTransaction(async (client) => {
          await castUncommitted(client, b, member, how);
          sent = await sentAndWaiting(() => change(b));
        });
        expect(await sent.answer).toBe(refusal);
        expect(await rows(b)).toEqual({ motions: 1, votes: 1, responses: 1 });
      },
    );
  }
});

describe('a cast arriving while the motion is being deleted', () => {
  it('waits for the deletion and is refused as not found: nothing is recorded', async () => {
    const b = await openBallot('RDEL');
    const answers: Promise<string>[] = [];
    // The deletion's writes, held uncommitted while three members (one by one, or batched) cast.
    await inTransaction(async (client) => {
      await client.query(
        `DELETE FROM "voting".electorate WHERE tenant_id = $1::uuid AND vote_id = $2::uuid`,
        [b.tenantId, b.voteId],
      );
      await client.query(`DELETE FROM "voting".votes WHERE tenant_id = $1::uuid AND id = $2::uuid`, [
        b.tenantId,
        b.voteId,
      ]);
      await client.query(`DELETE FROM "voting".motions WHERE tenant_id = $1::uuid AND id = $2::uuid`, [
        b.tenantId,
        b.motion.id,
      ]);
      const casts = b.members.map((m) =>
        h
          .call(
            S.responseCast,
            m.ctx,
            { ...b.base, id: b.motion.id, voteId: b.voteId, vote: 'in_favor' },
            ZCastReply,
          )
          .then(
            (r) => r.message,
            (err: Error) => err.message,
          ),
      );
      answers.push(...casts);
      await Promise.race([eventually(() => waitingForLock(h), 10_000), Promise.all(casts)]);
    });
    expect(await Promise.all(answers)).toEqual(b.members.map(() => 'Vote not found.'));
    expect(await rows(b)).toEqual({ motions: 0, votes: 0, responses: 0 });
  });
});

describe('a cast in flight when its meeting vote is closed', () => {
  it('is counted in the result: the vote is finalized only once the cast has committed', async () => {
    const w = await newWorld(h, { quorum: 1, voters: 2 });
    const a = api(h, w);
    await checkIn(h, w, w.members);
    const { motion } = await a.create(w.runner);
    const { vote } = await a.start(w.runner, motion.id);
    if (!vote) throw new Error('vote');
    const [member] = w.members;
    if (!member) throw new Error('member');
    const finalized = async () =>
      (await h.service.runtime.prisma.vote.findFirstOrThrow({ where: { tenantId: w.tenantId, id: vote.id } }))
        .isFinalized;
    await inTransaction(async (client) => {
      // Accepted (the vote was open when it read it) but not committed yet, as the runner closes the vote.
      const cast = await client.query(castSql('user'), [
        w.tenantId,
        vote.id,
        'in_favor',
        member.userId,
        null,
      ]);
      expect(cast.rows.filter((r) => r.new)).toHaveLength(1);
      expect((await a.close(w.runner, motion.id, vote.id)).message).toBe('Vote Closed');
      // Well past the finalizer's grace (300 ms) and rounds (every 100 ms here): it waits for the cast.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await finalized()).toBe(false);
    });
    await eventually(finalized, 10_000);
    await outboxDrained(h);
    const views = (await streamEvents<TBroadcast>(h, EVENTS.realtime.broadcast))
      .map((b) => (b.payload.runner_payload as { vote?: TVoteView } | undefined)?.vote)
      .filter((v) => v?.id === vote.id);
    const result = views.find((v) => v?.is_finalized);
    expect(result?.respondents_count).toBe(1);
    expect(result?.outcome).toContainEqual({ response: 'in_favor', count: 1 });
  });
});
