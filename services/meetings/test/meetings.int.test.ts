import { randomUUID } from 'node:crypto';
import {
  type AppError,
  DEFAULT_MEETING_TYPE,
  EVENTS,
  MEETING_CHANGED_MEANWHILE,
  MEETING_RULE_ERRORS,
  SUBJECTS,
  type TBroadcast,
  type TMeetingEvent,
  type TRequestContext,
  ZChannelAccess,
  ZMeeting,
  ZMeetingListReply,
  ZRetrieveMeetingReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Harness,
  meetingInput,
  member,
  newCommittee,
  newTenantId,
  newUser,
  outboxDrained,
  publishEvent,
  REF,
  startHarness,
  streamEvents,
  userCtx,
  world,
} from './support.js';

const ZOk = z.object({ ok: z.literal(true) });
const S = SUBJECTS.meetings;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const start = (ctx: TRequestContext, ref = REF) => h.call(S.meetingStart, ctx, ref, ZMeeting);
const end = (ctx: TRequestContext, ref = REF) => h.call(S.meetingEnd, ctx, ref, ZMeeting);
const retrieve = (ctx: TRequestContext, ref = REF) =>
  h.call(S.retrieveMeeting, ctx, ref, ZRetrieveMeetingReply);

async function eventsFor<T>(subject: string, pick: (p: T) => boolean) {
  await outboxDrained(h);
  return (await streamEvents<T>(h, subject)).filter((e) => pick(e.payload));
}

describe('create, edit, delete, list', () => {
  it('creates a planned meeting with sanitised description and emits created once', async () => {
    const tenant = newTenantId();
    await newCommittee(h, tenant);
    const admin = userCtx(tenant, ['create meetings']);
    const meeting = await h.call(
      S.meetingCreate,
      admin,
      meetingInput({
        description: '<p onclick="x()">Hi<script>alert(1)</script></p>',
        video_provider: 'static',
        video_url: 'https://video.example/abc',
      }),
      ZMeeting,
    );
    expect(meeting).toMatchObject({
      status: 'planned',
      code: 'M1',
      committee_code: 'FIN',
      description: '<p>Hi</p>',
      actual_start: null,
      visibility: 'committee',
      // The default the create form starts with too (meetingInput sends no type).
      type: DEFAULT_MEETING_TYPE,
      show_motions: true,
      in_meeting_voting: true,
      is_today: true,
      video_url: 'https://video.example/abc',
      rsvp_count: 0,
    });
    const created = await eventsFor<TMeetingEvent>(
      EVENTS.meetings.meetingCreated,
      (p) => p.meeting.id === meeting.id,
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.payload).toMatchObject({
      tenantId: tenant,
      meeting: { status: 'planned', code: 'M1' },
    });
  });

  it("sanitises descriptions as motions are: the editor's rich text stays; overlays, trackers and unsafe links go", async () => {
    const { admin } = await world(h);
    const rel = 'rel="noopener noreferrer nofollow"';
    // What tiptap's StarterKit writes (headings too, though the web's editor has them off) stays unchanged.
    const written =
      '<h2>Agenda</h2><p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s>.</p>' +
      `<ul><li><p>Budget, see <a target="_blank" ${rel} href="https://ok.example/b?y=1&amp;q=2">the draft</a></p>` +
      '<ol><li><p>Income</p></li></ol></li></ul><ol start="3"><li><p>Third</p></li></ol>' +
      `<blockquote><p>Quoted</p></blockquote><p>Mail <a target="_blank" ${rel} href="mailto:chair@ok.example">us</a></p>`;
    const update = (description: string) =>
      h.call(S.meetingUpdate, admin, { ...REF, description }, ZMeeting).then((m) => m.description);
    expect(await update(written)).toBe(written);
    expect((await h.call(S.meetingGet, admin, REF, ZMeeting)).description).toBe(written);

    expect(await update('<p><span class="fixed inset-0 z-50">Over</span> the page</p>')).toBe(
      '<p><span>Over</span> the page</p>',
    );
    expect(await update('<p>Seen<img src="https://tracker.example/x.png"></p>')).toBe('<p>Seen</p>');
    expect(await update('<p><a href="javascript:alert(1)">Click</a></p>')).toBe(`<p><a ${rel}>Click</a></p>`);
    expect(await update('<p><a target="_blank" href="https://ok.example">Ok</a></p>')).toBe(
      `<p><a target="_blank" href="https://ok.example" ${rel}>Ok</a></p>`,
    );
    expect(await update('<p onclick="alert(1)">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect((await h.call(S.meetingGet, admin, REF, ZMeeting)).description).toBe('<p>Hi</p>');
    // Nothing left is no description.
    expect(await update('<img src="https://tracker.example/x.png"><script>alert(1)</script>')).toBeNull();

    const created = await h.call(
      S.meetingCreate,
      admin,
      meetingInput({
        code: 'M2',
        description:
          '<p class="fixed inset-0 z-50" onclick="x()">New<img src="https://tracker.example/x.png"></p>',
      }),
      ZMeeting,
    );
    expect(created.description).toBe('<p>New</p>');
  });

  it('refuses without the permission, a missing committee, a taken code and bad fields', async () => {
    const { tenant, admin } = await world(h);
    await expect(
      h.call(S.meetingCreate, userCtx(tenant, ['update meetings']), meetingInput({ code: 'M2' }), ZMeeting),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      h.call(S.meetingCreate, admin, meetingInput({ code: 'm1' }), ZMeeting),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: 'The code has already been taken.',
      errors: { code: ['The code has already been taken.'] },
    });
    await expect(
      h.call(S.meetingCreate, admin, meetingInput({ committeeCode: 'NOPE' }), ZMeeting),
    ).rejects.toMatchObject({ code: 'not_found' });
    const now = new Date();
    await expect(
      h.call(
        S.meetingCreate,
        admin,
        meetingInput({ code: 'M3', end: new Date(now.getTime() - 3600_000).toISOString() }),
        ZMeeting,
      ),
    ).rejects.toMatchObject({
      code: 'bad_request',
      message: MEETING_RULE_ERRORS.endAfterStart.message,
      errors: { end: [MEETING_RULE_ERRORS.endAfterStart.message] },
    });
    // Already over when created: it could never start, so it would never end either.
    const lastWeek = now.getTime() - 7 * 86400_000;
    await expect(
      h.call(
        S.meetingCreate,
        admin,
        meetingInput({
          code: 'M3',
          start: new Date(lastWeek).toISOString(),
          end: new Date(lastWeek + 3600_000).toISOString(),
        }),
        ZMeeting,
      ),
    ).rejects.toMatchObject({
      code: 'rule_broken',
      errors: { end: [MEETING_RULE_ERRORS.newEndInPast.message] },
    });
    await expect(
      h.call(
        S.meetingCreate,
        admin,
        meetingInput({ code: 'M3', allow_in_person: false, allow_remote: false }),
        ZMeeting,
      ),
    ).rejects.toMatchObject({
      code: 'bad_request',
      // Under the first of the two switches, worded as the form words it (the contract's rule).
      errors: { allow_in_person: [MEETING_RULE_ERRORS.modeRequired.message] },
    });
    await expect(
      h.call(
        S.meetingCreate,
        admin,
        meetingInput({ code: 'M3', video_provider: 'static', video_url: null }),
        ZMeeting,
      ),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: { video_url: ['The video link is required for a fixed link.'] },
    });
    await expect(
      h.call(
        S.meetingCreate,
        admin,
        meetingInput({ code: 'M3', allow_remote: true, video_provider: 'zoom', zoom_id: 'abc' }),
        ZMeeting,
      ),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: { zoom_id: ['The Zoom meeting ID must be a number.'] },
    });
    // As Zoom shows it, stored as the number its API takes.
    const zoomed = await h.call(
      S.meetingCreate,
      admin,
      meetingInput({ code: 'MZ', allow_remote: true, video_provider: 'zoom', zoom_id: '123 4567-8901' }),
      ZMeeting,
    );
    expect(zoomed.zoom_id).toBe('12345678901');
    await h.call(S.meetingDelete, admin, { committeeCode: 'FIN', meetingCode: 'MZ' }, ZOk);
    await expect(
      h.call(
        S.meetingCreate,
        admin,
        meetingInput({ code: 'bad code!', name: '', start: 'tomorrow', visibility: 'public' }),
        ZMeeting,
      ),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: {
        code: ['The code may only contain letters, numbers and dashes.'],
        name: ['The name field is required.'],
        start: ['The start must be a date and time (ISO 8601).'],
        visibility: ['The visibility must be committee or open.'],
      },
    });
    // Dates the database cannot hold: a 400 naming the field, not a 500.
    await expect(
      h.call(
        S.meetingCreate,
        admin,
        meetingInput({ code: 'M3', start: '0000-01-01T00:00:00Z', end: '0000-01-01T01:00:00Z' }),
        ZMeeting,
      ),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: {
        start: ['The start must be a date between the years 1900 and 9999.'],
        end: ['The end must be a date between the years 1900 and 9999.'],
      },
    });
    await expect(
      h.call(
        S.meetingCreate,
        admin,
        meetingInput({ code: 'M3', end: '9999-12-31T23:59:59-14:00' }),
        ZMeeting,
      ),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: { end: ['The end must be a date between the years 1900 and 9999.'] },
    });
    // Nothing of the refused calls was stored.
    expect(
      (await h.call(S.meetingsList, admin, { committeeCode: 'FIN' }, ZMeetingListReply)).map((m) => m.code),
    ).toEqual(['M1']);
    await expect(
      h.call(S.meetingCreate, { ...admin, userId: null }, meetingInput({ code: 'M4' }), ZMeeting),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('edits (and renames) while planned or in progress, not once ended; emits updated and a state broadcast', async () => {
    const { tenant, admin, meeting } = await world(h);
    await expect(
      h.call(S.meetingUpdate, userCtx(tenant, ['create meetings']), { ...REF, name: 'X' }, ZMeeting),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const edited = await h.call(
      S.meetingUpdate,
      admin,
      { ...REF, name: 'Renamed', code: 'M9', visibility: 'open' },
      ZMeeting,
    );
    expect(edited).toMatchObject({
      id: meeting.id,
      name: 'Renamed',
      code: 'M9',
      visibility: 'open',
      description: '<p>Agenda</p>',
    });
    const ref9 = { committeeCode: 'FIN', meetingCode: 'm9' };
    expect((await h.call(S.meetingGet, admin, ref9, ZMeeting)).name).toBe('Renamed');
    await expect(
      h.call(S.meetingUpdate, admin, { ...ref9, end: '2000-01-01T00:00:00Z' }, ZMeeting),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: { end: ['The end must be a date after the start.'] },
    });
    await expect(
      h.call(S.meetingUpdate, admin, { ...ref9, start: '0000-06-01T00:00:00Z' }, ZMeeting),
    ).rejects.toMatchObject({
      code: 'bad_request',
      errors: { start: ['The start must be a date between the years 1900 and 9999.'] },
    });
    await start(admin, ref9);
    await h.call(S.meetingUpdate, admin, { ...ref9, name: 'Live edit' }, ZMeeting);
    await end(admin, ref9);
    await expect(
      h.call(S.meetingUpdate, admin, { ...ref9, name: 'Too late' }, ZMeeting),
    ).rejects.toMatchObject({ code: 'rule_broken', message: 'An ended meeting can no longer be edited.' });
    expect(
      await eventsFor<TMeetingEvent>(EVENTS.meetings.meetingUpdated, (p) => p.meeting.id === meeting.id),
    ).toHaveLength(2);
    const states = await eventsFor<TBroadcast>(
      EVENTS.realtime.broadcast,
      (p) => p.channel === `meeting.${meeting.id}` && p.kind === 'meeting.state',
    );
    expect(states.map((s) => (s.payload.payload as { meeting: { status: string } }).meeting.status)).toEqual([
      'planned',
      'in_progress',
      'in_progress',
      'ended',
    ]);
    // The rename sent open pages to the new address; the edit that kept the code sent nothing.
    const reloads = await eventsFor<TBroadcast>(
      EVENTS.realtime.broadcast,
      (p) => p.channel === `meeting.${meeting.id}` && p.kind === 'page.reload',
    );
    expect(reloads.map((r) => r.payload.payload)).toEqual([
      { reason: 'meeting.moved', path: '/meeting/FIN/M9' },
    ]);
  });

  it('refuses an edit from a meeting loaded before someone else saved it (409), writing nothing; a current one saves', async () => {
    const { admin, meeting } = await world(h);
    const edit = (change: Record<string, unknown>) =>
      h.call(S.meetingUpdate, admin, { ...REF, ...change }, ZMeeting);
    // Two admins open the edit form; B saves first.
    const byB = await edit({ name: "B's name", updated_at: meeting.updated_at });
    expect(byB.name).toBe("B's name");
    expect(byB.updated_at).not.toBe(meeting.updated_at);
    // A saves every field of the meeting as A loaded it: refused, B's change stays.
    const conflict: Partial<AppError> = { code: 'conflict', message: MEETING_CHANGED_MEANWHILE };
    await expect(
      edit({ name: "A's name", location_name: 'Hall', updated_at: meeting.updated_at }),
    ).rejects.toMatchObject(conflict);
    await expect(
      edit({ name: "A's name", updated_at: meeting.updated_at }).catch((err: AppError) => err.errors),
    ).resolves.toBeUndefined();
    const row = await h.service.runtime.prisma.meeting.findUniqueOrThrow({ where: { id: meeting.id } });
    expect([row.name, row.locationName, row.updatedAt.toISOString()]).toEqual([
      "B's name",
      'Board Room',
      byB.updated_at,
    ]);
    expect(
      await eventsFor<TMeetingEvent>(EVENTS.meetings.meetingUpdated, (p) => p.meeting.id === meeting.id),
    ).toHaveLength(1);
    // A reloads and saves over the meeting as it is now; a caller that sends no updated_at is not checked.
    const loaded = await h.call(S.meetingGet, admin, REF, ZMeeting);
    expect(loaded.updated_at).toBe(byB.updated_at);
    expect((await edit({ name: "A's name", updated_at: loaded.updated_at })).name).toBe("A's name");
    expect((await edit({ location_name: 'Hall' })).location_name).toBe('Hall');
    // Emptied, it is no location (null), as one never given.
    expect(await edit({ location_name: '', location_address: '  ' })).toMatchObject({
      location_name: null,
      location_address: null,
    });
    // A meeting started since it was loaded has changed too.
    const beforeStart = await h.call(S.meetingGet, admin, REF, ZMeeting);
    await start(admin);
    await expect(edit({ name: 'Late', updated_at: beforeStart.updated_at })).rejects.toMatchObject(conflict);
  });

  it('without Zoom credentials, refuses a Zoom meeting with neither its Zoom meeting ID nor a registration link', async () => {
    // This file's service runs without ZOOM_* (join-calendar.int.test.ts has them: there it is taken).
    const { tenant, admin, meeting } = await world(h);
    const rule = MEETING_RULE_ERRORS.zoomNotConfigured;
    const refused = { code: 'bad_request', message: rule.message, errors: { [rule.field]: [rule.message] } };
    const zoom = { allow_remote: true, video_provider: 'zoom' };
    await expect(
      h.call(S.meetingCreate, admin, meetingInput({ ...zoom, code: 'M2' }), ZMeeting),
    ).rejects.toMatchObject(refused);
    await expect(
      h.call(S.meetingCreate, admin, meetingInput({ ...zoom, code: 'M2', zoom_id: null }), ZMeeting),
    ).rejects.toMatchObject(refused);
    expect(await h.service.runtime.prisma.meeting.count({ where: { tenantId: tenant } })).toBe(1);
    // Either one gives members a way in (the ID: Zoom's own link; the registration link: the fallback).
    const byId = await h.call(
      S.meetingCreate,
      admin,
      meetingInput({ ...zoom, code: 'M2', zoom_id: '123 456 789' }),
      ZMeeting,
    );
    expect(byId).toMatchObject({ video_provider: 'zoom', zoom_id: '123456789' });
    const registration = 'https://zoom.example/register/1';
    const byLink = await h.call(
      S.meetingCreate,
      admin,
      meetingInput({ ...zoom, code: 'M3', zoom_registration_url: registration }),
      ZMeeting,
    );
    expect(byLink).toMatchObject({
      video_provider: 'zoom',
      zoom_id: null,
      zoom_registration_url: registration,
    });

    // On edit, with the meeting's values where the edit leaves them.
    const edit = (ref: typeof REF, change: Record<string, unknown>) =>
      h.call(S.meetingUpdate, admin, { ...ref, ...change }, ZMeeting);
    await expect(edit(REF, zoom)).rejects.toMatchObject(refused);
    await expect(
      edit({ ...REF, meetingCode: 'M2' }, { zoom_id: null, zoom_registration_url: null }),
    ).rejects.toMatchObject(refused);
    await expect(edit({ ...REF, meetingCode: 'M3' }, { zoom_registration_url: null })).rejects.toMatchObject(
      refused,
    );
    const rows = await h.service.runtime.prisma.meeting.findMany({
      where: { tenantId: tenant },
      orderBy: { code: 'asc' },
    });
    expect(rows.map((r) => [r.code, r.videoProvider, r.zoomId, r.zoomRegistrationUrl])).toEqual([
      ['M1', 'none', null, null],
      ['M2', 'zoom', '123456789', null],
      ['M3', 'zoom', null, registration],
    ]);
    expect((await edit(REF, { ...zoom, zoom_registration_url: registration })).video_provider).toBe('zoom');
    expect((await edit({ ...REF, meetingCode: 'M2' }, { name: 'Renamed' })).name).toBe('Renamed');
    expect(meeting.video_provider).toBe('none');
  });

  it("refuses an edit that moves a planned meeting's window into the past; one that leaves it may still save", async () => {
    const { admin, meeting } = await world(h);
    const edit = (change: Record<string, unknown>) =>
      h.call(S.meetingUpdate, admin, { ...REF, ...change }, ZMeeting);
    const lastWeek = Date.now() - 7 * 86400_000;
    const pastWindow = {
      start: new Date(lastWeek).toISOString(),
      end: new Date(lastWeek + 3600_000).toISOString(),
    };
    const refused = {
      code: 'rule_broken',
      message: MEETING_RULE_ERRORS.plannedEndInPast.message,
      errors: { end: [MEETING_RULE_ERRORS.plannedEndInPast.message] },
    };
    await expect(edit(pastWindow)).rejects.toMatchObject(refused);
    // Only the end moved, to before now (the start moved back with it so the end is still after it).
    await expect(
      edit({ start: pastWindow.start, end: new Date(Date.now() - 60_000).toISOString() }),
    ).rejects.toMatchObject(refused);
    const row = await h.service.runtime.prisma.meeting.findUniqueOrThrow({ where: { id: meeting.id } });
    expect([row.start.toISOString(), row.end.toISOString()]).toEqual([meeting.start, meeting.end]);

    // A planned meeting already over (never started): a rename, or its own times sent back, still saves...
    await h.service.runtime.prisma.meeting.update({
      where: { id: meeting.id },
      data: { start: new Date(pastWindow.start), end: new Date(pastWindow.end) },
    });
    expect((await edit({ name: 'Renamed' })).name).toBe('Renamed');
    expect((await edit({ ...pastWindow, name: 'Renamed again' })).end).toBe(pastWindow.end);
    // ...but moving it to another past window does not, and moving it ahead does.
    await expect(edit({ end: new Date(lastWeek + 2 * 3600_000).toISOString() })).rejects.toMatchObject(
      refused,
    );
    const ahead = new Date(Date.now() + 3600_000).toISOString();
    expect((await edit({ start: new Date().toISOString(), end: ahead })).end).toBe(ahead);
  });

  it('deletes unless in progress; lists newest first with the list permissions', async () => {
    const { tenant, admin, meeting } = await world(h);
    const later = new Date(Date.now() + 3 * 86400_000);
    await h.call(
      S.meetingCreate,
      admin,
      meetingInput({
        code: 'M2',
        start: later.toISOString(),
        end: new Date(later.getTime() + 3600_000).toISOString(),
      }),
      ZMeeting,
    );
    const list = await h.call(
      S.meetingsList,
      userCtx(tenant, ['view any meeting']),
      { committeeCode: 'FIN' },
      ZMeetingListReply,
    );
    expect(list.map((m) => m.code)).toEqual(['M2', 'M1']);
    expect(list[0]?.is_today).toBe(false);
    expect(list[0]?.video_url).toBeUndefined();
    await expect(
      h.call(S.meetingsList, userCtx(tenant), { committeeCode: 'FIN' }, ZMeetingListReply),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await start(admin);
    await expect(h.call(S.meetingDelete, admin, REF, ZOk)).rejects.toMatchObject({ code: 'rule_broken' });
    await expect(
      h.call(
        S.meetingDelete,
        userCtx(tenant, ['update meetings']),
        { committeeCode: 'FIN', meetingCode: 'M2' },
        ZOk,
      ),
    ).rejects.toMatchObject({ code: 'forbidden' });
    expect(await h.call(S.meetingDelete, admin, { committeeCode: 'FIN', meetingCode: 'M2' }, ZOk)).toEqual({
      ok: true,
    });
    expect(
      (await h.call(S.meetingsList, admin, { committeeCode: 'FIN' }, ZMeetingListReply)).map((m) => m.id),
    ).toEqual([meeting.id]);
    const deleted = await eventsFor<TMeetingEvent>(
      EVENTS.meetings.meetingDeleted,
      (p) => p.tenantId === tenant,
    );
    expect(deleted).toHaveLength(1);
    const reloads = await eventsFor<TBroadcast>(
      EVENTS.realtime.broadcast,
      (p) => p.channel === `meeting.${deleted[0]?.payload.meeting.id}` && p.kind === 'page.reload',
    );
    expect(reloads).toHaveLength(1);
  });

  it("keeps each year's committee of a code apart, and a meeting code names one meeting across them", async () => {
    // Copies keep codes: FIN of 2025 and FIN of 2026 are two committees; meeting URLs name only 'FIN'.
    const tenant = newTenantId();
    const older = await newCommittee(h, tenant, { year: 2025, name: 'Finance 2025' });
    await newCommittee(h, tenant, { year: 2026 });
    const admin = userCtx(tenant, ['create meetings', 'update meetings']);
    const inOlder = await h.call(S.meetingCreate, admin, meetingInput({ code: 'OLD', year: 2025 }), ZMeeting);
    expect(inOlder.committee_id).toBe(older.id);
    await h.call(S.meetingCreate, admin, meetingInput({ code: 'NEW' }), ZMeeting);
    const list = (year?: number) =>
      h
        .call(S.meetingsList, admin, { committeeCode: 'FIN', year }, ZMeetingListReply)
        .then((rows) => rows.map((m) => m.code));
    expect(await list(2025)).toEqual(['OLD']);
    expect(await list(2026)).toEqual(['NEW']);
    expect(await list()).toEqual(['NEW']);
    await expect(
      h.call(S.meetingsList, admin, { committeeCode: 'FIN', year: 2024 }, ZMeetingListReply),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    // The other year's meeting holds its code: neither a new meeting nor a rename may take it.
    await expect(
      h.call(S.meetingCreate, admin, meetingInput({ code: 'old' }), ZMeeting),
    ).rejects.toMatchObject({
      code: 'conflict',
      errors: { code: ['The code has already been taken.'] },
    });
    await expect(
      h.call(S.meetingUpdate, admin, { committeeCode: 'FIN', meetingCode: 'NEW', code: 'OLD' }, ZMeeting),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect((await retrieve(admin, { committeeCode: 'FIN', meetingCode: 'OLD' })).meeting.name).toBe(
      inOlder.name,
    );
  });

  it('a code with a LIKE wildcard in the address names no committee or meeting', async () => {
    const { admin, meeting } = await world(h);
    for (const ref of [
      { committeeCode: 'FIN', meetingCode: '%' },
      { committeeCode: 'FIN', meetingCode: 'M_' },
      { committeeCode: '%', meetingCode: 'M1' },
      { committeeCode: 'F_N', meetingCode: 'M1' },
      { committeeCode: 'FIN', meetingCode: 'M\\1' },
    ]) {
      await expect(retrieve(admin, ref)).rejects.toMatchObject({ code: 'not_found' });
      await expect(h.call(S.meetingUpdate, admin, { ...ref, name: 'Hit' }, ZMeeting)).rejects.toMatchObject({
        code: 'not_found',
      });
      await expect(h.call(S.meetingDelete, admin, ref, ZOk)).rejects.toMatchObject({ code: 'not_found' });
    }
    await expect(
      h.call(S.meetingCreate, admin, meetingInput({ committeeCode: '%', code: 'M2' }), ZMeeting),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      h.call(S.meetingsList, admin, { committeeCode: 'F%' }, ZMeetingListReply),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(
      (await h.call(S.meetingsList, admin, { committeeCode: 'FIN' }, ZMeetingListReply)).map((m) => [
        m.id,
        m.name,
      ]),
    ).toEqual([[meeting.id, 'Monthly Meeting']]);
  });

  it("never shows or changes another tenant's meetings", async () => {
    const { admin } = await world(h);
    const other = newTenantId();
    await newCommittee(h, other);
    const outsider = userCtx(other, [
      'create meetings',
      'update meetings',
      'delete meetings',
      'run meetings',
      'view any meeting',
    ]);
    await expect(retrieve(outsider)).rejects.toMatchObject({ code: 'not_found' });
    await expect(start(outsider)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.call(S.meetingDelete, outsider, REF, ZOk)).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      h.call(S.meetingUpdate, outsider, { ...REF, name: 'Hijacked' }, ZMeeting),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.call(S.meetingGet, outsider, REF, ZMeeting)).rejects.toMatchObject({ code: 'not_found' });
    expect(await h.call(S.meetingsList, outsider, { committeeCode: 'FIN' }, ZMeetingListReply)).toEqual([]);
    await start(admin);
    await expect(end(outsider)).rejects.toMatchObject({ code: 'not_found' });
    // The outsider's own meeting may reuse the code; their calls act on theirs only, ours is untouched.
    const theirs = await h.call(S.meetingCreate, outsider, meetingInput({ name: 'Theirs' }), ZMeeting);
    expect(theirs.id).not.toBe((await retrieve(admin)).meeting.id);
    await h.call(S.meetingUpdate, outsider, { ...REF, name: 'Theirs renamed' }, ZMeeting);
    await start(outsider);
    await end(outsider);
    expect((await retrieve(admin)).meeting).toMatchObject({
      code: 'M1',
      name: 'Monthly Meeting',
      status: 'in_progress',
    });
  });
});

describe('phases', () => {
  it('starts only when planned and today, with run meetings; emits started and a state broadcast once', async () => {
    const { tenant, admin, meeting } = await world(h);
    await expect(start(userCtx(tenant, ['update meetings']))).rejects.toMatchObject({ code: 'forbidden' });
    await expect(start(userCtx(tenant, ['modify meeting attendance']))).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(start({ ...admin, userId: null })).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(end(admin)).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'Only a meeting in progress can be ended.',
    });
    const started = await start(admin);
    expect(started.status).toBe('in_progress');
    expect(started.actual_start).not.toBeNull();
    await expect(start(admin)).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'Only a planned meeting can be started.',
    });
    const events = await eventsFor<TMeetingEvent>(
      EVENTS.meetings.meetingStarted,
      (p) => p.meeting.id === meeting.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.payload.meeting).toMatchObject({
      status: 'in_progress',
      actual_start: started.actual_start,
    });
    const states = await eventsFor<TBroadcast>(
      EVENTS.realtime.broadcast,
      (p) => p.channel === `meeting.${meeting.id}` && p.kind === 'meeting.state',
    );
    expect(states).toHaveLength(1);
    expect(states[0]?.payload.staff_payload).toBeUndefined();
  });

  it('refuses to start a meeting scheduled for another day', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86400_000);
    const { admin } = await world(h, {
      start: tomorrow.toISOString(),
      end: new Date(tomorrow.getTime() + 3600_000).toISOString(),
    });
    await expect(start(admin)).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'A meeting can only be started on a day it is scheduled for.',
    });
  });

  it('starts a meeting over several days on its middle day (yesterday morning to tomorrow afternoon)', async () => {
    // The harness's zone has it about noon now: 26 hours ago was yesterday, 29 hours on is tomorrow there.
    const hour = 3600_000;
    const { admin, meeting } = await world(h, {
      start: new Date(Date.now() - 26 * hour).toISOString(),
      end: new Date(Date.now() + 29 * hour).toISOString(),
    });
    expect(meeting.is_today).toBe(true);
    const list = await h.call(S.meetingsList, admin, { committeeCode: 'FIN' }, ZMeetingListReply);
    expect(list.map((m) => m.is_today)).toEqual([true]);
    const started = await start(admin);
    expect(started).toMatchObject({ status: 'in_progress', is_today: true });
  });

  it('two runners starting at once: one wins, one event', async () => {
    const { admin, meeting } = await world(h);
    const results = await Promise.allSettled([start(admin), start(admin), start(admin)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      await eventsFor<TMeetingEvent>(EVENTS.meetings.meetingStarted, (p) => p.meeting.id === meeting.id),
    ).toHaveLength(1);
  });

  it('refuses to end while a vote is active (from voting events); ends once it has closed', async () => {
    const { tenant, admin, meeting } = await world(h);
    await start(admin);
    const voteId = randomUUID();
    const vote = (endedAt: Date | null) => ({
      tenantId: tenant,
      vote: {
        id: voteId,
        meeting_id: meeting.id,
        started_at: new Date(Date.now() - 5000).toISOString(),
        ended_at: endedAt?.toISOString() ?? null,
      },
    });
    await publishEvent(h, 'evt.voting.vote.started', vote(new Date(Date.now() + 600_000)));
    await eventually(
      async () => (await h.service.runtime.prisma.voteCopy.count({ where: { id: voteId } })) === 1,
    );
    await expect(end(admin)).rejects.toMatchObject({
      code: 'rule_broken',
      message: 'The meeting cannot be ended while a vote is active.',
    });
    expect((await retrieve(admin)).meeting.status).toBe('in_progress');
    await publishEvent(h, 'evt.voting.vote.closed', vote(new Date(Date.now() - 1000)));
    await eventually(async () => {
      const v = await h.service.runtime.prisma.voteCopy.findFirst({ where: { id: voteId } });
      return !!v?.endedAt && v.endedAt < new Date();
    });
    await expect(
      end(userCtx(tenant, ['update meetings', 'modify meeting attendance'])),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
    const ended = await end(userCtx(tenant, ['run meetings']));
    expect(ended).toMatchObject({ status: 'ended' });
    expect(ended.ended_at).not.toBeNull();
    expect(
      await eventsFor<TMeetingEvent>(EVENTS.meetings.meetingEnded, (p) => p.meeting.id === meeting.id),
    ).toHaveLength(1);
    await expect(start(admin)).rejects.toMatchObject({ code: 'rule_broken' });
  });
});

describe('viewing and the realtime channel', () => {
  it('members, staff, admins and view-any-meeting may view; others not, unless the meeting is open', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const m = await member(h, tenant, committee.id);
    const declined = await member(h, tenant, committee.id, {
      membership: { appointment_status: 'Declined' },
    });
    const stranger = userCtx(tenant);
    const channel = (ctx: TRequestContext) =>
      h.call(S.channelAccess, ctx, { committee_code: 'FIN', meeting_code: 'M1' }, ZChannelAccess);

    expect(await channel(m.ctx)).toEqual({ channel: `meeting.${meeting.id}`, staff: false, runner: false });
    expect(await channel(userCtx(tenant, ['modify meeting attendance']))).toMatchObject({
      staff: true,
      runner: false,
    });
    expect(await channel(userCtx(tenant, ['run meetings']))).toMatchObject({ staff: false, runner: true });
    expect(await channel(userCtx(tenant, [], { roles: ['admin'] }))).toMatchObject({
      staff: false,
      runner: false,
    });
    expect(await channel(userCtx(tenant, [], { roles: ['global admin'] }))).toMatchObject({
      staff: true,
      runner: true,
    });
    expect(await channel(userCtx(tenant, ['view any meeting']))).toMatchObject({ staff: false });
    await expect(channel(stranger)).rejects.toMatchObject({ code: 'forbidden' });
    // 'create email vote' opens the committee's email votes, not its meetings.
    await expect(channel(userCtx(tenant, ['create email vote']))).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(channel(declined.ctx)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(retrieve(stranger)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(channel({ ...m.ctx, userId: null })).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(channel(userCtx(newTenantId(), ['view any meeting']))).rejects.toMatchObject({
      code: 'not_found',
    });

    await h.call(S.meetingUpdate, admin, { ...REF, visibility: 'open' }, ZMeeting);
    expect((await channel(stranger)).channel).toBe(`meeting.${meeting.id}`);
  });

  it('retrieve/meeting answers the meeting, its committee and (for now) no resources', async () => {
    const { tenant, committee } = await world(h);
    const m = await member(h, tenant, committee.id);
    const reply = await retrieve(m.ctx);
    expect(reply.committee).toMatchObject({
      code: 'FIN',
      name: 'Finance Committee',
      quorum: 3,
      demographics: ['North', 'South'],
    });
    expect(reply.resources).toEqual([]);
    expect(reply.meeting.video_url).toBeUndefined();
  });

  it('drops the meetings of a deleted committee that have not ended, each with its events; ended ones stay', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const ended = await h.call(S.meetingCreate, admin, meetingInput({ code: 'M2' }), ZMeeting);
    await start(admin, { committeeCode: 'FIN', meetingCode: 'M2' });
    await end(admin, { committeeCode: 'FIN', meetingCode: 'M2' });
    // Creations racing the deletion: each is refused, or created and then taken with the committee.
    const racing = [3, 4, 5, 6].map((i) =>
      h.call(S.meetingCreate, admin, meetingInput({ code: `R${i}` }), ZMeeting).then(
        (m) => m.id,
        (err: AppError) => err.code,
      ),
    );
    await publishEvent(h, EVENTS.committees.committeeDeleted, { tenantId: tenant, committee });
    const outcomes = await Promise.all(racing);
    for (const o of outcomes) expect(o === 'not_found' || o.length === 36).toBe(true);
    const prisma = h.service.runtime.prisma;
    await eventually(
      async () => (await prisma.committeeCopy.count({ where: { tenantId: tenant } })) === 0,
      10_000,
    );
    expect((await prisma.meeting.findMany({ where: { tenantId: tenant } })).map((m) => m.id)).toEqual([
      ended.id,
    ]);
    const created = outcomes.filter((o) => o.length === 36);
    const deleted = await eventsFor<TMeetingEvent>(
      EVENTS.meetings.meetingDeleted,
      (p) => p.tenantId === tenant,
    );
    expect(deleted.map((e) => e.payload.meeting.id).sort()).toEqual([meeting.id, ...created].sort());
    const reloads = await eventsFor<TBroadcast>(
      EVENTS.realtime.broadcast,
      (p) => p.channel === `meeting.${meeting.id}` && p.kind === 'page.reload',
    );
    expect(reloads).toHaveLength(1);
  });

  it('keeps the committee read model current: a renamed committee code finds its meetings', async () => {
    const { tenant, committee, admin } = await world(h);
    await publishEvent(h, EVENTS.committees.committeeUpdated, {
      tenantId: tenant,
      committee: { ...committee, code: 'FIN2', name: 'Finance 2' },
    });
    await eventually(async () => {
      const c = await h.service.runtime.prisma.committeeCopy.findFirst({
        where: { tenantId: tenant, id: committee.id },
      });
      return c?.code === 'FIN2';
    });
    expect((await retrieve(admin, { committeeCode: 'fin2', meetingCode: 'M1' })).committee.name).toBe(
      'Finance 2',
    );
    await publishEvent(h, EVENTS.identity.userUpdated, {
      tenantId: tenant,
      user: { ...(await newUser(h, tenant)), first_name: 'Changed' },
    });
  });
});
