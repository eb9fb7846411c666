import { randomUUID } from 'node:crypto';
import {
  EVENTS,
  SUBJECTS,
  type TCommitteeEvent,
  type TRequestContext,
  ZCommittee,
  ZCommitteeListReply,
  ZYearListReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Harness,
  newTenantId,
  outboxDrained,
  publishEvent,
  startHarness,
  streamEvents,
  userCtx,
} from './support.js';

const ZOk = z.object({ ok: z.literal(true) });

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const years = (ctx: TRequestContext) => h.call(SUBJECTS.committees.yearsList, ctx, {}, ZYearListReply);
const setYear = (ctx: TRequestContext, year: number) =>
  h.call(SUBJECTS.committees.yearSet, ctx, { year }, ZYearListReply);
const list = (ctx: TRequestContext, year: number) =>
  h.call(SUBJECTS.committees.committeesList, ctx, { year }, ZCommitteeListReply);
const create = (ctx: TRequestContext, input: Record<string, unknown>) =>
  h.call(SUBJECTS.committees.committeeCreate, ctx, input, ZCommittee);
const get = (ctx: TRequestContext, code: string, year?: number) =>
  h.call(SUBJECTS.committees.committeeGet, ctx, { code, year }, ZCommittee);
const update = (ctx: TRequestContext, input: Record<string, unknown>) =>
  h.call(SUBJECTS.committees.committeeUpdate, ctx, input, ZCommittee);
const remove = (ctx: TRequestContext, code: string, year?: number) =>
  h.call(SUBJECTS.committees.committeeDelete, ctx, { code, year }, ZOk);

const finance = {
  name: 'Finance Committee',
  code: 'FIN',
  year: 2026,
  quorum: 7,
  two_thirds_vote: true,
  voting_rights: [
    { position: 'Chair', is_voting: true },
    { position: 'Vice Chair', is_voting: true },
    { position: 'Member', is_voting: true },
    { position: 'Staff', is_voting: false },
  ],
  chair_position: 'Chair',
  vchair_position: 'Vice Chair',
  has_demographic: true,
  demographic_name: 'Region',
  demographic_is_displayed: true,
  demographics: ['North', 'South', 'East'],
};

describe('years', () => {
  it('set-year creates a missing year and keeps exactly one current year per tenant', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees']);
    expect(await years(admin)).toEqual([]);
    expect(await setYear(admin, 2025)).toEqual([{ year: 2025, is_current: true }]);
    expect(await setYear(admin, 2026)).toEqual([
      { year: 2026, is_current: true },
      { year: 2025, is_current: false },
    ]);
    expect(await setYear(admin, 2025)).toEqual([
      { year: 2026, is_current: false },
      { year: 2025, is_current: true },
    ]);
    // another tenant's years are its own
    expect(await years(userCtx(newTenantId()))).toEqual([]);
  });

  it('set-year refuses a year that is not a number or decimal text, and changes nothing', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees']);
    expect(await setYear(admin, 2025)).toEqual([{ year: 2025, is_current: true }]);
    // Number() reads '0x7EA' as 2026 and [2026] as 2026: neither may make 2026 current.
    for (const year of ['0x7EA', '0b11111101010', [2026], true]) {
      await expect(
        h.call(SUBJECTS.committees.yearSet, admin, { year }, ZYearListReply),
      ).rejects.toMatchObject({ code: 'bad_request', errors: { year: ['The year must be a number.'] } });
    }
    expect(await years(admin)).toEqual([{ year: 2025, is_current: true }]);
    // Decimal text, as a path or query string carries it, still counts.
    expect(await h.call(SUBJECTS.committees.yearSet, admin, { year: '2026' }, ZYearListReply)).toEqual([
      { year: 2026, is_current: true },
      { year: 2025, is_current: false },
    ]);
  });

  it('set-year needs create committees; global admin passes', async () => {
    const tenant = newTenantId();
    await expect(setYear(userCtx(tenant, ['edit committees']), 2026)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(setYear({ ...userCtx(tenant), userId: null }, 2026)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    expect(await setYear(userCtx(tenant, [], { roles: ['global admin'] }), 2026)).toEqual([
      { year: 2026, is_current: true },
    ]);
  });

  it('sets different years current at the same time one after the other, leaving exactly one current', async () => {
    // A race shows only sometimes: several rounds of five at once make it near-certain without the lock.
    for (let round = 0; round < 5; round += 1) {
      const admin = userCtx(newTenantId(), ['create committees']);
      await setYear(admin, 2020);
      const wanted = [2021, 2022, 2023, 2024, 2025];
      const replies = await Promise.all(wanted.map((year) => setYear(admin, year)));
      for (const reply of replies) expect(reply.filter((y) => y.is_current)).toHaveLength(1);
      const after = await years(admin);
      expect(after.map((y) => y.year).sort()).toEqual([2020, ...wanted]);
      expect(after.filter((y) => y.is_current)).toHaveLength(1);
    }
  });

  it('says a missing or non-numeric year is required or not a number, never a 500', async () => {
    const admin = userCtx(newTenantId(), ['create committees']);
    await expect(h.call(SUBJECTS.committees.yearSet, admin, {}, ZYearListReply)).rejects.toMatchObject({
      code: 'bad_request',
      errors: { year: ['The year field is required.'] },
    });
    await expect(
      h.call(SUBJECTS.committees.committeesList, admin, { year: 'abc' }, ZCommitteeListReply),
    ).rejects.toMatchObject({ code: 'bad_request', errors: { year: ['The year must be a number.'] } });
    expect(
      await h.call(SUBJECTS.committees.committeesList, admin, { year: '2026' }, ZCommitteeListReply),
    ).toEqual([]);
  });

  it('rejects a bad year with a field error', async () => {
    await expect(setYear(userCtx(newTenantId(), ['create committees']), 12)).rejects.toMatchObject({
      code: 'bad_request',
      errors: { year: ['The year must be at least 1900.'] },
    });
  });
});

describe('committees', () => {
  it('creates a committee with positions, voting rights and demographic settings, and lists it', async () => {
    const tenant = newTenantId();
    const creator = userCtx(tenant, ['create committees']);
    const created = await create(creator, finance);
    expect(created).toMatchObject({
      name: 'Finance Committee',
      code: 'FIN',
      year: 2026,
      quorum: 7,
      two_thirds_vote: true,
      chair_position: 'Chair',
      vchair_position: 'Vice Chair',
      positions: ['Chair', 'Vice Chair', 'Member', 'Staff'],
      voting_rights: finance.voting_rights,
      has_demographic: true,
      demographic_name: 'Region',
      demographic_is_displayed: true,
      demographic_motion_filterable: false,
      demographics: ['North', 'South', 'East'],
      members_count: 0,
    });
    expect(created.guid).toMatch(/^[0-9a-f-]{36}$/);
    // the year is recorded, current as the tenant's first
    expect(await years(creator)).toEqual([{ year: 2026, is_current: true }]);

    for (const permission of ['edit committees', 'committee messaging', 'view any meeting'] as const) {
      expect((await list(userCtx(tenant, [permission]), 2026)).map((c) => c.code)).toEqual(['FIN']);
    }
    expect(await list(userCtx(tenant, ['edit committees']), 2025)).toEqual([]);
    // Creators list them too: the copy form picks the committee to copy from the list.
    expect((await list(userCtx(tenant, ['create committees']), 2026)).map((c) => c.code)).toEqual(['FIN']);
    await expect(list(userCtx(tenant, ['modify appointment acceptances']), 2026)).rejects.toMatchObject({
      code: 'forbidden',
    });
    // tenant B sees nothing of tenant A
    expect(await list(userCtx(newTenantId(), ['edit committees']), 2026)).toEqual([]);
    await expect(get(userCtx(newTenantId(), ['edit committees']), 'FIN')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('create needs create committees and valid input', async () => {
    const tenant = newTenantId();
    await expect(create(userCtx(tenant, ['edit committees']), finance)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      create(userCtx(tenant, ['create committees']), { ...finance, code: 'WAY-TOO-LONG' }),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: { code: ['The code may not be greater than 10 characters.'] },
    });
  });

  it("refuses the code 'create' in any case, on create, rename and copy, with a field error the form shows", async () => {
    // /admin/committee/create is the Add Committee page: a committee of that code could never be opened.
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees', 'edit committees']);
    const reserved = (field: string) => ({
      code: 'bad_request',
      errors: { [field]: ['This code is reserved.'] },
    });
    await expect(create(admin, { ...finance, code: 'Create' })).rejects.toMatchObject(reserved('code'));
    const fin = await create(admin, finance);
    await expect(update(admin, { ...finance, new_code: 'Create' })).rejects.toMatchObject(
      reserved('new_code'),
    );
    await expect(
      h.call(
        SUBJECTS.committees.committeeCopy,
        admin,
        { guid: fin.guid, code: 'CREATE', name: 'Finance', term_based: true },
        ZCommittee,
      ),
    ).rejects.toMatchObject(reserved('code'));
    expect((await list(admin, 2026)).map((c) => c.code)).toEqual(['FIN']);
  });

  it('refuses a quorum or year the database cannot hold with a field error, on create and on update', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees', 'edit committees']);
    const tooBig = {
      code: 'bad_request',
      errors: { quorum: ['The quorum may not be greater than 100000.'] },
    };
    await expect(create(admin, { ...finance, quorum: 99_999_999_999 })).rejects.toMatchObject(tooBig);
    await create(admin, finance);
    await expect(update(admin, { ...finance, quorum: 99_999_999_999 })).rejects.toMatchObject(tooBig);
    await expect(create(admin, { ...finance, code: 'AUD', year: 99_999_999_999 })).rejects.toMatchObject({
      code: 'bad_request',
      errors: { year: ['The year may not be greater than 9999.'] },
    });
    expect((await get(admin, 'FIN')).quorum).toBe(7);
  });

  it('says a missing name or code is required', async () => {
    await expect(create(userCtx(newTenantId(), ['create committees']), {})).rejects.toMatchObject({
      code: 'bad_request',
      errors: { name: ['The name field is required.'], code: ['The code field is required.'] },
    });
  });

  it('refuses demographic values differing only in case, on create and on update, naming the row', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees', 'edit committees']);
    const refusal = {
      code: 'bad_request',
      errors: {
        'demographics.2': [
          "The value 'north' is already in the list as 'North' (values may not differ only in case).",
        ],
      },
    };
    await expect(
      create(admin, { ...finance, demographics: ['North', 'South', 'north'] }),
    ).rejects.toMatchObject(refusal);
    await create(admin, finance);
    await expect(
      update(admin, { ...finance, demographics: ['North', 'South', ' north '] }),
    ).rejects.toMatchObject(refusal);
    expect((await get(admin, 'FIN')).demographics).toEqual(['North', 'South', 'East']);
  });

  it('keeps the code unique per tenant and year; a term-based committee holds its code in every year', async () => {
    const tenant = newTenantId();
    const creator = userCtx(tenant, ['create committees']);
    const taken = { code: 'conflict', errors: { code: ['The code has already been taken.'] } };
    await create(creator, finance);
    await expect(create(creator, { ...finance, code: 'fin', name: 'Other' })).rejects.toMatchObject(taken);
    // same code in another year, or in another tenant, is fine
    await create(creator, { ...finance, year: 2025 });
    await create(userCtx(newTenantId(), ['create committees']), finance);
    // a term-based committee serves in every year: its code cannot be a year's too, either way round
    await expect(create(creator, { ...finance, year: null, name: 'Finance (term)' })).rejects.toMatchObject(
      taken,
    );
    await create(creator, { ...finance, code: 'BYL', year: null, name: 'Bylaws (term)' });
    await expect(create(creator, { ...finance, code: 'byl', year: 2024 })).rejects.toMatchObject(taken);
    // a year's list ends with the term-based committees
    const lists = userCtx(tenant, ['edit committees']);
    expect((await list(lists, 2025)).map((c) => [c.year, c.name])).toEqual([
      [2025, 'Finance Committee'],
      [null, 'Bylaws (term)'],
    ]);
  });

  it('lets only one of a term-based and a year-based committee racing for a code have it', async () => {
    const creator = userCtx(newTenantId(), ['create committees']);
    const results = await Promise.allSettled([
      create(creator, { ...finance, code: 'RACE', year: null }),
      create(creator, { ...finance, code: 'RACE', year: 2026 }),
      create(creator, { ...finance, code: 'race', year: 2027 }),
    ]);
    const years = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.year] : [])).sort();
    // Either the term-based one alone, or both year-based ones.
    expect([[null], [2026, 2027]]).toContainEqual(years);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'conflict' });
  });

  it('creates committees at the same time for a year that does not exist yet, each with its own code', async () => {
    // Each creation records the new year: a race shows only sometimes, so several rounds of five at once.
    for (let round = 0; round < 5; round += 1) {
      const creator = userCtx(newTenantId(), ['create committees']);
      const codes = ['A', 'B', 'C', 'D', 'E'].map((c) => `Y${c}`);
      const results = await Promise.allSettled(
        codes.map((code) => create(creator, { ...finance, code, name: `Committee ${code}`, year: 2040 })),
      );
      expect(results.filter((r) => r.status === 'rejected').map((r) => r.reason)).toEqual([]);
      expect((await list(creator, 2040)).map((c) => c.code).sort()).toEqual(codes);
      // The tenant's first year: it becomes current, once.
      expect(await years(creator)).toEqual([{ year: 2040, is_current: true }]);
    }
  });

  it("makes a tenant's first year current, and leaves the current year be when later years are created", async () => {
    const creator = userCtx(newTenantId(), ['create committees']);
    await create(creator, { ...finance, code: 'TERM', year: null });
    expect(await years(creator)).toEqual([]);
    await create(creator, { ...finance, year: 2030 });
    await create(creator, { ...finance, year: 2031 });
    await create(creator, { ...finance, year: 2029 });
    expect(await years(creator)).toEqual([
      { year: 2031, is_current: false },
      { year: 2030, is_current: true },
      { year: 2029, is_current: false },
    ]);
  });

  it('resolves a code in the given year (else a term-based one), else the current year, else the most recent', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees', 'edit committees']);
    // The first year, 2024, is current.
    await create(admin, { ...finance, year: 2024, name: 'Finance 2024' });
    await create(admin, { ...finance, year: 2025, name: 'Finance 2025' });
    expect((await get(admin, 'FIN')).name).toBe('Finance 2024');
    await setYear(admin, 2025);
    expect((await get(admin, 'FIN')).name).toBe('Finance 2025');
    expect((await get(admin, 'fin', 2024)).name).toBe('Finance 2024');
    await expect(get(admin, 'FIN', 2023)).rejects.toMatchObject({ code: 'not_found' });
    // a code the current year lacks: the most recent year's
    await create(admin, { ...finance, code: 'AUD', year: 2022, name: 'Audit 2022' });
    await create(admin, { ...finance, code: 'AUD', year: 2023, name: 'Audit 2023' });
    expect((await get(admin, 'AUD')).name).toBe('Audit 2023');
    // a term-based committee serves in every year
    await create(admin, { ...finance, code: 'BYL', year: null, name: 'Bylaws (term)' });
    expect((await get(admin, 'BYL', 2023)).name).toBe('Bylaws (term)');
    expect((await get(admin, 'byl')).name).toBe('Bylaws (term)');
    // an address's code is taken literally, never as a LIKE pattern
    for (const pattern of ['%', 'F_N', 'B%']) {
      await expect(get(admin, pattern)).rejects.toMatchObject({ code: 'not_found' });
      await expect(remove(admin, pattern)).rejects.toMatchObject({ code: 'not_found' });
    }
    await expect(get(userCtx(tenant, ['create committees']), 'FIN')).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('updates settings and renames, refusing a taken code; needs edit committees', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees', 'edit committees']);
    await create(admin, finance);
    await create(admin, { name: 'Audit', code: 'AUD', year: 2026 });
    const input = {
      ...finance,
      code: 'FIN',
      year: 2026,
      quorum: 5,
      voting_rights: [
        { position: 'Chair', is_voting: true },
        { position: 'Member', is_voting: false },
      ],
      vchair_position: null,
      demographics: ['West'],
    };
    await expect(update(userCtx(tenant, ['create committees']), input)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(update(userCtx(newTenantId(), ['edit committees']), input)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(update(admin, { ...input, new_code: 'AUD' })).rejects.toMatchObject({ code: 'conflict' });
    const updated = await update(admin, { ...input, new_code: 'FIN2' });
    expect(updated).toMatchObject({
      code: 'FIN2',
      quorum: 5,
      positions: ['Chair', 'Member'],
      voting_rights: input.voting_rights,
      vchair_position: null,
      demographics: ['West'],
    });
    expect((await get(admin, 'FIN2')).id).toBe(updated.id);
  });

  it('deletes with edit committees only, within the tenant', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees', 'edit committees']);
    await create(admin, finance);
    await expect(remove(userCtx(tenant, ['create committees']), 'FIN')).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(remove(userCtx(newTenantId(), ['edit committees']), 'FIN')).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await remove(admin, 'FIN')).toEqual({ ok: true });
    await expect(get(admin, 'FIN')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('answers a 404 to a save or second delete that waited for the committee being deleted', async () => {
    // Each waits for the deletion's lock and then finds the committee gone: a race, so several rounds.
    const outcome = (call: Promise<unknown>) =>
      call.then(
        () => 'ok',
        (err: { code?: string; message?: string }) => `${err.code}: ${err.message}`,
      );
    for (let round = 0; round < 10; round += 1) {
      const tenant = newTenantId();
      const admin = userCtx(tenant, ['create committees', 'edit committees']);
      await create(admin, finance);
      const outcomes = await Promise.all([
        outcome(remove(admin, 'FIN', 2026)),
        outcome(update(admin, { ...finance, quorum: 3 })),
        outcome(remove(admin, 'FIN', 2026)),
      ]);
      for (const o of outcomes) expect(['ok', 'not_found: Committee not found.']).toContain(o);
      expect(outcomes.filter((o, i) => i !== 1 && o === 'ok')).toHaveLength(1);
      await expect(get(admin, 'FIN')).rejects.toMatchObject({ code: 'not_found' });
    }
  });

  it('refuses delete while the committee has a meeting that has not ended (meetings events)', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees', 'edit committees']);
    const fin = await create(admin, finance);
    const meeting = { id: randomUUID(), committee_id: fin.id, code: 'M1', status: 'planned' };
    await publishEvent(h, 'evt.meetings.meeting.created', { tenantId: tenant, meeting });
    await eventually(async () => {
      const n = await h.service.runtime.prisma.committeeMeeting.count({ where: { tenantId: tenant } });
      return n === 1;
    }, 10_000);
    await expect(remove(admin, 'FIN')).rejects.toMatchObject({
      code: 'conflict',
      message: 'The committee has meetings that have not ended and cannot be deleted.',
    });
    const reaches = async (status: string) => {
      await publishEvent(h, 'evt.meetings.meeting.updated', {
        tenantId: tenant,
        meeting: { ...meeting, status },
      });
      await eventually(async () => {
        const n = await h.service.runtime.prisma.committeeMeeting.count({
          where: { tenantId: tenant, status },
        });
        return n === 1;
      }, 10_000);
    };
    // A meeting in progress holds the committee as a planned one does.
    await reaches('in_progress');
    await expect(remove(admin, 'FIN')).rejects.toMatchObject({ code: 'conflict' });
    await reaches('ended');
    expect(await remove(admin, 'FIN')).toEqual({ ok: true });
  });

  it("refuses a rename onto another year's code while both have a meeting or email vote of one code", async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees', 'edit committees']);
    const old = await create(admin, { ...finance, code: 'FIN', year: 2025 });
    const bud = await create(admin, { ...finance, code: 'BUD', year: 2026 });
    const schedule = async (committeeId: string, meetings: string[], votes: string[]) => {
      for (const code of meetings)
        await publishEvent(h, 'evt.meetings.meeting.created', {
          tenantId: tenant,
          meeting: { id: randomUUID(), committee_id: committeeId, code, status: 'ended' },
        });
      for (const code of votes)
        await publishEvent(h, EVENTS.voting.emailVoteCreated, {
          tenantId: tenant,
          email_vote: {
            id: randomUUID(),
            committee_id: committeeId,
            code,
            name: `Vote ${code}`,
            start: '2026-01-01T00:00:00.000Z',
            end: '2026-01-02T00:00:00.000Z',
          },
        });
    };
    await schedule(old.id, ['M1', 'M2'], ['V1']);
    await schedule(bud.id, ['m1', 'M3'], ['V2']);
    const prisma = h.service.runtime.prisma;
    await eventually(async () => {
      const [m, v] = await Promise.all([
        prisma.committeeMeeting.count({ where: { tenantId: tenant } }),
        prisma.committeeEmailVote.count({ where: { tenantId: tenant } }),
      ]);
      return m === 4 && v === 2;
    }, 10_000);
    const rename = () => update(admin, { ...finance, code: 'BUD', year: 2026, new_code: 'fin' });
    const message =
      'Another committee with the code fin also has the meeting m1: both would have one address. Change those codes first.';
    await expect(rename()).rejects.toMatchObject({ code: 'conflict', message, errors: { code: [message] } });
    await schedule(bud.id, [], ['v1']);
    await eventually(
      async () => (await prisma.committeeEmailVote.count({ where: { tenantId: tenant } })) === 3,
      10_000,
    );
    await expect(rename()).rejects.toMatchObject({
      message:
        'Another committee with the code fin also has the meeting m1 and email vote v1: both would have one address. Change those codes first.',
    });
    // A rename onto a code without such a clash, and a change of case, go through.
    expect((await update(admin, { ...finance, code: 'BUD', year: 2026, new_code: 'AUD' })).code).toBe('AUD');
    expect((await update(admin, { ...finance, code: 'AUD', year: 2026, new_code: 'aud' })).code).toBe('aud');
  });

  it('emits each committee event exactly once per change, with what meetings and voting need', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees', 'edit committees']);
    const created = await create(admin, { ...finance, code: 'EVT' });
    await update(admin, { ...finance, code: 'EVT', quorum: 6 });
    await remove(admin, 'EVT');
    await outboxDrained(h);
    const mine = async (subject: string) =>
      (await streamEvents<TCommitteeEvent>(h, subject)).filter((e) => e.payload.tenantId === tenant);
    const [createdEvents, updatedEvents, deletedEvents] = await Promise.all([
      mine(EVENTS.committees.committeeCreated),
      mine(EVENTS.committees.committeeUpdated),
      mine(EVENTS.committees.committeeDeleted),
    ]);
    expect(createdEvents).toHaveLength(1);
    expect(updatedEvents).toHaveLength(1);
    expect(deletedEvents).toHaveLength(1);
    expect(createdEvents[0]?.messageId).toBeTruthy();
    expect(createdEvents[0]?.payload.committee).toMatchObject({
      id: created.id,
      code: 'EVT',
      year: 2026,
      quorum: 7,
      two_thirds_vote: true,
      chair_position: 'Chair',
      vchair_position: 'Vice Chair',
      voting_rights: finance.voting_rights,
      has_demographic: true,
      demographics: ['North', 'South', 'East'],
    });
    expect(updatedEvents[0]?.payload.committee.quorum).toBe(6);
    expect(deletedEvents[0]?.payload.committee.id).toBe(created.id);
  });

  it('a save that changes nothing writes nothing and emits nothing; a real change still emits once', async () => {
    const tenant = newTenantId();
    const admin = userCtx(tenant, ['create committees', 'edit committees']);
    const fin = await create(admin, finance);
    const aud = await create(admin, { name: 'Audit', code: 'AUD', year: 2026 });
    const prisma = h.service.runtime.prisma;
    const stored = async (id: string) => ({
      updatedAt: (
        await prisma.committee.findUniqueOrThrow({ where: { tenantId_id: { tenantId: tenant, id } } })
      ).updatedAt,
      positions: await prisma.committeePosition.findMany({ where: { tenantId: tenant, committeeId: id } }),
      demographics: await prisma.committeeDemographic.findMany({
        where: { tenantId: tenant, committeeId: id },
      }),
    });
    const before = { fin: await stored(fin.id), aud: await stored(aud.id) };

    // What the settings form sends saved untouched (toUpdateBody): every setting, the year, no new_code.
    const untouched = {
      code: 'FIN',
      year: 2026,
      name: 'Finance Committee',
      quorum: 7,
      two_thirds_vote: true,
      chair_position: 'Chair',
      vchair_position: 'Vice Chair',
      voting_rights: finance.voting_rights,
      has_demographic: true,
      demographic_name: 'Region',
      demographic_is_displayed: true,
      demographic_motion_filterable: false,
      demographic_display_prepend: false,
      demographics: ['North', 'South', 'East'],
    };
    expect(await update(admin, untouched)).toEqual(fin);
    // The same settings as the schema normalises them: padded text, the code itself as new_code.
    expect(
      await update(admin, {
        ...untouched,
        name: ' Finance Committee ',
        new_code: 'FIN',
        voting_rights: finance.voting_rights.map((r) => ({ ...r, position: ` ${r.position}` })),
        demographics: ['North ', 'South', 'East'],
      }),
    ).toEqual(fin);
    // A committee without a demographic or positions, as the form sends it.
    expect(
      await update(admin, {
        code: 'AUD',
        year: 2026,
        name: 'Audit',
        quorum: null,
        two_thirds_vote: false,
        chair_position: null,
        vchair_position: null,
        voting_rights: [],
        has_demographic: false,
        demographic_name: null,
        demographic_is_displayed: false,
        demographic_motion_filterable: false,
        demographic_display_prepend: false,
        demographics: [],
      }),
    ).toEqual(aud);
    expect({ fin: await stored(fin.id), aud: await stored(aud.id) }).toEqual(before);

    const updatedEvents = async () => {
      await outboxDrained(h);
      return (await streamEvents<TCommitteeEvent>(h, EVENTS.committees.committeeUpdated)).filter(
        (e) => e.payload.tenantId === tenant,
      );
    };
    expect(await updatedEvents()).toEqual([]);

    // A real change is written and emitted once; so is a new order of the positions (their display order).
    expect((await update(admin, { ...untouched, quorum: 6 })).quorum).toBe(6);
    expect((await stored(fin.id)).updatedAt.getTime()).toBeGreaterThan(before.fin.updatedAt.getTime());
    const reordered = [...finance.voting_rights].reverse();
    expect(
      (await update(admin, { ...untouched, quorum: 6, voting_rights: reordered })).voting_rights,
    ).toEqual(reordered);
    const events = await updatedEvents();
    expect(events.map((e) => [e.payload.committee.quorum, e.payload.committee.voting_rights])).toEqual([
      [6, finance.voting_rights],
      [6, reordered],
    ]);
  });

  it('a refused change emits nothing', async () => {
    const tenant = newTenantId();
    await expect(create(userCtx(tenant, ['edit committees']), finance)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await outboxDrained(h);
    const events = await streamEvents<TCommitteeEvent>(h, EVENTS.committees.committeeCreated);
    expect(events.filter((e) => e.payload.tenantId === tenant)).toEqual([]);
  });
});
