import { EVENTS, SUBJECTS, type TRequestContext, ZRetrieveAttendanceReply } from '@gavel/contracts';
import { callServiceConditional, PreparedAnswer } from '@gavel/service-kit';
import { eventually } from '@gavel/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  attendanceCalls,
  type Harness,
  member,
  newMembership,
  newUser,
  publishEvent,
  REF,
  startHarness,
  userCtx,
  world,
} from './support.js';

/**
 * The attendance list everyone but runners shares: encoded once per change (PreparedAnswer), answered
 * "not modified" to a caller holding it, and never older than a change its caller was told about.
 */

const S = SUBJECTS.meetings;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const { rsvp, checkIn, checkOut, attendance, startMeeting } = attendanceCalls(() => h);
const IN_PERSON = { attending_via: 'in_person' };
const conditional = (ctx: TRequestContext, ifNoneMatch?: string) =>
  callServiceConditional(h.nc, S.retrieveAttendance, ctx, REF, ZRetrieveAttendanceReply, {
    prefix: h.env.prefix,
    timeoutMs: 10_000,
    ifNoneMatch,
  });

/** A meeting in progress with two members; `desk` is staff who does not run the meeting. */
async function hall() {
  const w = await world(h);
  const ann = await member(h, w.tenant, w.committee.id, { user: { first_name: 'Ann', last_name: 'Able' } });
  const bob = await member(h, w.tenant, w.committee.id, { user: { first_name: 'Bob', last_name: 'Baker' } });
  await startMeeting(w.admin);
  const desk = userCtx(w.tenant, ['modify meeting attendance']);
  return { ...w, ann, bob, desk };
}

const checkedIn = (list: { members: { name: string; attendee: { checked_in: boolean } | null }[] }) =>
  list.members.filter((m) => m.attendee?.checked_in).map((m) => m.name);

describe('the shared attendance list', () => {
  it('is encoded once while unchanged, and a caller holding it gets "not modified" with no body', async () => {
    const { ann, bob } = await hall();
    const builds = vi.spyOn(PreparedAnswer, 'of');
    const first = await conditional(ann.ctx);
    expect(first.kind).toBe('prepared');
    const etag = first.kind === 'prepared' ? first.etag : '';

    const loads = await Promise.all(Array.from({ length: 20 }, () => attendance(bob.ctx)));
    expect(new Set(loads.map((l) => JSON.stringify(l))).size).toBe(1);
    expect(builds).toHaveBeenCalledTimes(1);

    expect(await conditional(bob.ctx, etag)).toEqual({ kind: 'not_modified', etag });
    expect(await conditional(bob.ctx, '"something else"')).toMatchObject({ kind: 'prepared', etag });
    expect(builds).toHaveBeenCalledTimes(1);
  });

  it('shows a check-in and a check-out to the very next load', async () => {
    const { ann, bob, desk } = await hall();
    const before = await conditional(ann.ctx);
    await checkIn(desk, bob.user.id, IN_PERSON);
    expect(checkedIn(await attendance(ann.ctx))).toEqual(['Bob Baker']);
    const after = await conditional(ann.ctx, before.kind === 'prepared' ? before.etag : undefined);
    expect(after.kind).toBe('prepared');
    await checkOut(desk, bob.user.id);
    expect(checkedIn(await attendance(ann.ctx))).toEqual([]);
  });

  it('shows an RSVP to the very next load', async () => {
    const { tenant, committee } = await world(h);
    const ann = await member(h, tenant, committee.id, { user: { first_name: 'Ann', last_name: 'Able' } });
    expect((await attendance(ann.ctx)).rsvps).toEqual([]);
    await rsvp(ann.ctx, ann.user.id, { attending: true, attending_via: 'remote' });
    expect((await attendance(ann.ctx)).rsvps).toMatchObject([{ user_id: ann.user.id, attending: true }]);
  });

  it('follows the committee, membership and user events it is made of', async () => {
    const { tenant, committee, ann } = await hall();
    expect((await attendance(ann.ctx)).members.map((m) => m.name)).toEqual(['Ann Able', 'Bob Baker']);

    const cid = committee.id;
    const cat = await newUser(h, tenant, { first_name: 'Cat', last_name: 'Cole' });
    await newMembership(h, tenant, cid, cat.id);
    expect((await attendance(ann.ctx)).members.map((m) => m.name)).toContain('Cat Cole');

    await publishEvent(h, EVENTS.identity.userUpdated, {
      tenantId: tenant,
      user: { ...cat, first_name: 'Catherine', displayed_first_name: 'Catherine', name: 'Catherine Cole' },
    });
    await eventually(async () =>
      (await attendance(ann.ctx)).members.some((m) => m.name === 'Catherine Cole'),
    );

    await publishEvent(h, EVENTS.committees.committeeUpdated, {
      tenantId: tenant,
      committee: { ...committee, demographic_name: 'District', demographic_display_prepend: true },
    });
    await eventually(async () =>
      (await attendance(ann.ctx)).members.some(
        (m) => m.membership?.display_demographic === 'District: North',
      ),
    );
  });

  it('is kept apart per audience: staff fields never reach a member, voting statuses only reach runners', async () => {
    const { admin, ann, bob, desk } = await hall();
    await checkIn(desk, bob.user.id, IN_PERSON);
    // Each audience loads after another has filled its own copy.
    const forMember = await attendance(ann.ctx);
    const forStaff = await attendance(desk);
    const forRunner = await attendance(admin);
    const forMemberAgain = await attendance(bob.ctx);
    expect(JSON.stringify(forMember)).not.toMatch(/"(email|username|nrds)"|voting_status/);
    expect(JSON.stringify(forMemberAgain)).toBe(JSON.stringify(forMember));
    expect(JSON.stringify(forStaff)).toMatch(/"email"/);
    expect(JSON.stringify(forStaff)).not.toMatch(/voting_status/);
    expect(JSON.stringify(forRunner)).toMatch(/voting_status/);
    // A runner's list is never a prepared one: its statuses change with every response.
    expect((await conditional(admin)).kind).toBe('data');
  });

  it('is never older than a change its caller was told about, while check-ins and loads run at once', async () => {
    const { tenant, committee, ann, desk } = await hall();
    const others = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        member(h, tenant, committee.id, { user: { first_name: 'Delegate', last_name: `D${i + 10}` } }),
      ),
    );
    const builds = vi.spyOn(PreparedAnswer, 'of');
    let loads = 0;
    const done: string[] = [];
    await Promise.all(
      others.map(async (o) => {
        await checkIn(desk, o.user.id, IN_PERSON);
        done.push(o.user.name);
        // Whatever was acknowledged before this load began is in it.
        const acknowledged = [...done];
        const names = checkedIn(await attendance(ann.ctx));
        loads++;
        for (const name of acknowledged) expect(names).toContain(name);
      }),
    );
    expect(loads).toBe(12);
    expect(builds.mock.calls.length).toBeLessThanOrEqual(12);
    expect(checkedIn(await attendance(ann.ctx))).toHaveLength(12);
  });
});
