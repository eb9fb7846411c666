import { randomUUID } from 'node:crypto';
import { EVENTS, SUBJECTS, type TEmailVoteEvent, type TRequestContext, ZCommittee } from '@gavel/contracts';
import { prefixed } from '@gavel/service-kit';
import { eventually, uniqueName } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Harness, newTenantId, publishEvent, startHarness, userCtx } from './support.js';

/**
 * A committee with an email vote whose end has not passed (open, or scheduled) cannot be deleted: the
 * committees service keeps the committee and end of each email vote from voting's evt.voting.email-vote.*.
 */

const ZOk = z.object({ ok: z.literal(true) });
const REFUSED = {
  code: 'conflict',
  message: 'The committee has email votes that have not ended and cannot be deleted.',
};
const HOUR = 60 * 60 * 1000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const create = (ctx: TRequestContext, code: string) =>
  h.call(
    SUBJECTS.committees.committeeCreate,
    ctx,
    {
      name: `Committee ${code}`,
      code,
      year: 2026,
      voting_rights: [{ position: 'Member', is_voting: true }],
    },
    ZCommittee,
  );
const get = (ctx: TRequestContext, code: string) =>
  h.call(SUBJECTS.committees.committeeGet, ctx, { code }, ZCommittee);
const remove = (ctx: TRequestContext, code: string) =>
  h.call(SUBJECTS.committees.committeeDelete, ctx, { code }, ZOk);

async function setup(code = 'FIN') {
  const tenant = newTenantId();
  const admin = userCtx(tenant, ['create committees', 'edit committees']);
  const committee = await create(admin, code);
  return { tenant, admin, committee };
}

type EmailVote = TEmailVoteEvent['email_vote'];
/** An email vote of the committee with its window relative to now (milliseconds). */
function emailVote(committeeId: string, fromNow: { start: number; end: number }): EmailVote {
  const now = Date.now();
  return {
    id: randomUUID(),
    committee_id: committeeId,
    code: uniqueName('V'),
    name: 'Budget approval',
    start: new Date(now + fromNow.start).toISOString(),
    end: new Date(now + fromNow.end).toISOString(),
  };
}

/** Waits until the read model holds the vote as given (or, with null, holds it no longer). */
async function applied(tenantId: string, vote: EmailVote, gone = false): Promise<void> {
  await eventually(async () => {
    const row = await h.service.runtime.prisma.committeeEmailVote.findUnique({
      where: { tenantId_id: { tenantId, id: vote.id } },
    });
    if (gone) return row === null;
    return row?.committeeId === vote.committee_id && row.end.getTime() === Date.parse(vote.end);
  }, 10_000);
}

const publishVote = async (subject: string, tenantId: string, vote: EmailVote) => {
  await publishEvent(h, subject, { tenantId, email_vote: vote } satisfies TEmailVoteEvent);
};

describe('deleting a committee with email votes', () => {
  it('is refused while an email vote is open (started, end not passed)', async () => {
    const { tenant, admin, committee } = await setup();
    const vote = emailVote(committee.id, { start: -HOUR, end: HOUR });
    await publishVote(EVENTS.voting.emailVoteCreated, tenant, vote);
    await applied(tenant, vote);
    await expect(remove(admin, 'FIN')).rejects.toMatchObject(REFUSED);
    expect((await get(admin, 'FIN')).id).toBe(committee.id);
  });

  it('is refused while an email vote is scheduled (start still ahead)', async () => {
    const { tenant, admin, committee } = await setup();
    const vote = emailVote(committee.id, { start: 24 * HOUR, end: 48 * HOUR });
    await publishVote(EVENTS.voting.emailVoteCreated, tenant, vote);
    await applied(tenant, vote);
    await expect(remove(admin, 'FIN')).rejects.toMatchObject(REFUSED);
    expect((await get(admin, 'FIN')).id).toBe(committee.id);
  });

  it('is allowed once the vote was closed early (updated with an end already passed)', async () => {
    const { tenant, admin, committee } = await setup();
    const vote = emailVote(committee.id, { start: -HOUR, end: HOUR });
    await publishVote(EVENTS.voting.emailVoteCreated, tenant, vote);
    await applied(tenant, vote);
    await expect(remove(admin, 'FIN')).rejects.toMatchObject(REFUSED);
    const closed = { ...vote, end: new Date(Date.now() - 1000).toISOString() };
    await publishVote(EVENTS.voting.emailVoteUpdated, tenant, closed);
    await applied(tenant, closed);
    expect(await remove(admin, 'FIN')).toEqual({ ok: true });
    await expect(get(admin, 'FIN')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('is allowed once the vote has ended by the clock, with no further event', async () => {
    const { tenant, admin, committee } = await setup();
    const vote = emailVote(committee.id, { start: -HOUR, end: 2_000 });
    await publishVote(EVENTS.voting.emailVoteCreated, tenant, vote);
    await applied(tenant, vote);
    await expect(remove(admin, 'FIN')).rejects.toMatchObject(REFUSED);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(vote.end) - Date.now() + 50)));
    expect(await remove(admin, 'FIN')).toEqual({ ok: true });
  });

  it('is allowed once the email vote was deleted', async () => {
    const { tenant, admin, committee } = await setup();
    const vote = emailVote(committee.id, { start: HOUR, end: 2 * HOUR });
    await publishVote(EVENTS.voting.emailVoteCreated, tenant, vote);
    await applied(tenant, vote);
    await expect(remove(admin, 'FIN')).rejects.toMatchObject(REFUSED);
    await publishVote(EVENTS.voting.emailVoteDeleted, tenant, vote);
    await applied(tenant, vote, true);
    expect(await remove(admin, 'FIN')).toEqual({ ok: true });
  });

  it('applies each event once: a redelivered or replayed event changes nothing', async () => {
    const { tenant, admin, committee } = await setup();
    const vote = emailVote(committee.id, { start: -HOUR, end: HOUR });
    const closed = { ...vote, end: new Date(Date.now() - 1000).toISOString() };
    const createdId = randomUUID();
    const publishWithId = (subject: string, payload: TEmailVoteEvent, msgID: string) =>
      h.service.runtime.js.publish(prefixed(h.service.runtime.prefix, subject), JSON.stringify(payload), {
        msgID,
      });
    await publishWithId(EVENTS.voting.emailVoteCreated, { tenantId: tenant, email_vote: vote }, createdId);
    await applied(tenant, vote);
    await publishVote(EVENTS.voting.emailVoteUpdated, tenant, closed);
    await applied(tenant, closed);
    // The creation delivered again under its message id: applied again, it would reopen the vote.
    await publishWithId(EVENTS.voting.emailVoteCreated, { tenantId: tenant, email_vote: vote }, createdId);
    // Events are handled in stream order: once a later one is in, the one before it has been dealt with.
    const marker = emailVote(randomUUID(), { start: -HOUR, end: HOUR });
    await publishVote(EVENTS.voting.emailVoteCreated, tenant, marker);
    await applied(tenant, marker);
    await applied(tenant, closed);
    // A replay of the vote's events in order (a new consumer reading the stream again) ends as they did.
    await publishVote(EVENTS.voting.emailVoteCreated, tenant, vote);
    await publishVote(EVENTS.voting.emailVoteUpdated, tenant, closed);
    await publishVote(EVENTS.voting.emailVoteDeleted, tenant, marker);
    await applied(tenant, marker, true);
    await applied(tenant, closed);
    const rows = await h.service.runtime.prisma.committeeEmailVote.findMany({ where: { tenantId: tenant } });
    expect(rows.map((r) => r.id)).toEqual([vote.id]);
    expect(await remove(admin, 'FIN')).toEqual({ ok: true });
  });

  it("counts only the committee's own email votes, not another association's or committee's", async () => {
    const { tenant, admin, committee } = await setup();
    const other = await create(admin, 'AUD');
    // Another association's open vote naming this committee's id, and an open vote of the other committee.
    const foreign = emailVote(committee.id, { start: -HOUR, end: HOUR });
    await publishVote(EVENTS.voting.emailVoteCreated, newTenantId(), foreign);
    const ofOther = emailVote(other.id, { start: -HOUR, end: HOUR });
    await publishVote(EVENTS.voting.emailVoteCreated, tenant, ofOther);
    await applied(tenant, ofOther);
    expect(await remove(admin, 'FIN')).toEqual({ ok: true });
    await expect(remove(admin, 'AUD')).rejects.toMatchObject(REFUSED);
  });
});
