import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MEETING_ROUTES,
  SUBJECTS,
  type TRequestContext,
  ZCalendarReply,
  ZJoinReply,
  ZMeeting,
} from '@gavel/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, member, REF, startHarness, userCtx, world } from './support.js';

const S = SUBJECTS.meetings;

/** In FakeZoom.registrantQueue: a call that never answers. */
const HANG = 0;

/** A local stand-in for Zoom: OAuth token endpoint, create meeting, add registrant. */
interface FakeZoom {
  url: string;
  calls: { method: string; path: string; auth: string | undefined; body: unknown }[];
  /** Status to answer for registrants of a Zoom meeting id (default 201). */
  registrantStatus: Map<string, number>;
  /**
   * Statuses answered first, one per call, for registrants of a Zoom meeting id (then registrantStatus);
   * HANG: that call never answers (until the client gives up).
   */
  registrantQueue: Map<string, number[]>;
  tokenStatus: number;
  /** Ids of the Zoom meetings created next, one per creation (then 987654321). */
  createdIds: number[];
  /** Runs before a creation answers (a slow Zoom, or something happening meanwhile). */
  beforeCreate: (() => Promise<void>) | null;
  server: Server;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
}

async function startFakeZoom(): Promise<FakeZoom> {
  const fake = {
    calls: [],
    registrantStatus: new Map(),
    registrantQueue: new Map(),
    tokenStatus: 200,
    createdIds: [],
    beforeCreate: null,
  } as unknown as FakeZoom;
  let issued = 0;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    fake.calls.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      auth: req.headers.authorization,
      body,
    });
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (url.pathname === '/oauth/token') {
      const expected = `Basic ${Buffer.from('client:secret').toString('base64')}`;
      if (fake.tokenStatus !== 200) return json(fake.tokenStatus, { reason: 'nope' });
      if (
        req.headers.authorization !== expected ||
        url.searchParams.get('grant_type') !== 'account_credentials' ||
        url.searchParams.get('account_id') !== 'acct'
      )
        return json(400, { reason: 'bad credentials' });
      issued += 1;
      return json(200, { access_token: `tok${issued}`, token_type: 'bearer', expires_in: 3600 });
    }
    if (!req.headers.authorization?.startsWith('Bearer tok'))
      return json(401, { message: 'Invalid access token.' });
    if (req.method === 'POST' && url.pathname === '/v2/users/me/meetings') {
      const id = fake.createdIds.shift() ?? 987654321;
      await fake.beforeCreate?.();
      return json(201, {
        id,
        join_url: `https://zoom.example/j/${id}`,
        registration_url: `https://zoom.example/meeting/register/${id}`,
      });
    }
    const m = url.pathname.match(/^\/v2\/meetings\/([^/]+)\/registrants$/);
    if (req.method === 'POST' && m?.[1]) {
      const status = fake.registrantQueue.get(m[1])?.shift() ?? fake.registrantStatus.get(m[1]) ?? 201;
      if (status === HANG) return; // never answers
      if (status !== 201) return json(status, { code: status, message: 'refused' });
      const who = body as { email: string };
      return json(201, {
        registrant_id: 'r1',
        id: Number(m[1]),
        join_url: `https://zoom.example/w/${m[1]}?who=${encodeURIComponent(who.email)}`,
      });
    }
    return json(404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.server = server;
  return fake;
}

let h: Harness;
let zoom: FakeZoom;
beforeAll(async () => {
  zoom = await startFakeZoom();
  h = await startHarness({
    env: {
      ZOOM_ACCOUNT_ID: 'acct',
      ZOOM_CLIENT_ID: 'client',
      ZOOM_CLIENT_SECRET: 'secret',
      ZOOM_OAUTH_URL: `${zoom.url}/oauth/token`,
      ZOOM_API_BASE_URL: `${zoom.url}/v2`,
      ZOOM_TIMEOUT_MS: '2000',
      PUBLIC_APP_URL: 'https://gavel.example',
      MEETINGS_TIME_ZONE: 'America/Chicago',
    },
  });
});
afterAll(async () => {
  await h?.stop();
  zoom?.server.closeAllConnections();
  await new Promise((r) => zoom?.server.close(r));
});
beforeEach(() => {
  zoom.calls.length = 0;
  zoom.tokenStatus = 200;
  zoom.registrantQueue.clear();
  zoom.createdIds.length = 0;
  zoom.beforeCreate = null;
});

/** The Zoom calls made so far, as 'METHOD /path' without the query. */
const zoomCalls = () => zoom.calls.map((c) => `${c.method} ${c.path.split('?')[0]}`);

const join = (ctx: TRequestContext) => h.call(S.meetingJoin, ctx, REF, ZJoinReply);

async function liveZoomMeeting(overrides: Record<string, unknown> = {}) {
  const w = await world(h, {
    video_provider: 'zoom',
    zoom_registration_url: 'https://zoom.example/register/fallback',
    ...overrides,
  });
  const m = await member(h, w.tenant, w.committee.id);
  return { ...w, m };
}

describe('GET {meeting base}/join', () => {
  it('only while remote is allowed and the meeting is in progress, for viewers', async () => {
    const { admin, tenant, m } = await liveZoomMeeting({ zoom_id: '111' });
    await expect(join(m.ctx)).rejects.toMatchObject({ code: 'rule_broken' });
    await h.call(S.meetingStart, admin, REF, ZMeeting);
    await expect(join(userCtx(tenant))).rejects.toMatchObject({ code: 'forbidden' });
    await h.call(S.meetingUpdate, admin, { ...REF, allow_remote: false }, ZMeeting);
    await expect(join(m.ctx)).rejects.toMatchObject({ code: 'rule_broken' });
  });

  it('Zoom: takes a token, creates the meeting when it has no id, registers the user for a join link', async () => {
    const { admin, m } = await liveZoomMeeting();
    await h.call(S.meetingStart, admin, REF, ZMeeting);
    const reply = await join(m.ctx);
    expect(reply).toEqual({
      join_url: `https://zoom.example/w/987654321?who=${encodeURIComponent(m.user.email)}`,
      fallback: false,
    });
    expect(zoom.calls.map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual([
      'POST /oauth/token',
      'POST /v2/users/me/meetings',
      'POST /v2/meetings/987654321/registrants',
    ]);
    expect(zoom.calls[2]?.body).toMatchObject({
      email: m.user.email,
      first_name: m.user.first_name,
      last_name: m.user.last_name,
    });
    const saved = await h.call(S.meetingGet, admin, REF, ZMeeting);
    expect(saved.zoom_id).toBe('987654321');
    // The registration URL set by the admin is kept.
    expect(saved.zoom_registration_url).toBe('https://zoom.example/register/fallback');
    // Second call: cached token, existing meeting.
    zoom.calls.length = 0;
    await join(m.ctx);
    expect(zoom.calls.map((c) => c.path)).toEqual(['/v2/meetings/987654321/registrants']);
  });

  it('Zoom set up on the site: a Zoom meeting may have neither its ID nor a registration link (made on the first join)', async () => {
    // meetings.int.test.ts runs without the credentials: there it is refused.
    const { admin, m } = await liveZoomMeeting({ zoom_registration_url: null });
    expect(await h.call(S.meetingGet, admin, REF, ZMeeting)).toMatchObject({
      video_provider: 'zoom',
      zoom_id: null,
      zoom_registration_url: null,
    });
    expect((await h.call(S.meetingUpdate, admin, { ...REF, name: 'Renamed' }, ZMeeting)).name).toBe(
      'Renamed',
    );
    await h.call(S.meetingStart, admin, REF, ZMeeting);
    expect((await join(m.ctx)).fallback).toBe(false);
    expect((await h.call(S.meetingGet, admin, REF, ZMeeting)).zoom_id).toBe('987654321');
  });

  it('Zoom 401 or 404 hides the join button; other failures fall back to the registration URL', async () => {
    const { admin, m } = await liveZoomMeeting({ zoom_id: '404404' });
    await h.call(S.meetingStart, admin, REF, ZMeeting);
    zoom.registrantStatus.set('404404', 404);
    await expect(join(m.ctx)).rejects.toMatchObject({ code: 'not_found' });
    // Not worth another attempt: one call only.
    expect(zoomCalls().filter((c) => c.endsWith('/registrants'))).toHaveLength(1);
    zoom.registrantStatus.set('404404', 401);
    await expect(join(m.ctx)).rejects.toMatchObject({ code: 'not_found' });
    zoom.registrantStatus.set('404404', 500);
    expect(await join(m.ctx)).toEqual({
      join_url: 'https://zoom.example/register/fallback',
      fallback: true,
    });
    zoom.registrantStatus.set('404404', 429);
    expect(await join(m.ctx)).toEqual({
      join_url: 'https://zoom.example/register/fallback',
      fallback: true,
    });
  });

  it('tries a transient failure again: up to 3 attempts per video id, then the registration URL', async () => {
    const { admin, m } = await liveZoomMeeting({ zoom_id: '333' });
    await h.call(S.meetingStart, admin, REF, ZMeeting);
    const registrantCalls = () => zoomCalls().filter((c) => c === 'POST /v2/meetings/333/registrants');

    // Two failures, then Zoom answers: the third attempt's link.
    zoom.registrantQueue.set('333', [500, 503]);
    expect(await join(m.ctx)).toEqual({
      join_url: `https://zoom.example/w/333?who=${encodeURIComponent(m.user.email)}`,
      fallback: false,
    });
    expect(registrantCalls()).toHaveLength(3);

    // Three failures: no fourth attempt; the registration URL.
    zoom.calls.length = 0;
    zoom.registrantQueue.set('333', [500, 429, 502, 500]);
    expect(await join(m.ctx)).toEqual({
      join_url: 'https://zoom.example/register/fallback',
      fallback: true,
    });
    expect(registrantCalls()).toHaveLength(3);
    expect(zoom.registrantQueue.get('333')).toEqual([500]);

    // A 401/404 on a later attempt still hides the button.
    zoom.calls.length = 0;
    zoom.registrantQueue.set('333', [500, 404]);
    await expect(join(m.ctx)).rejects.toMatchObject({ code: 'not_found' });
    expect(registrantCalls()).toHaveLength(2);
  });

  it('keeps a Zoom meeting it created even when registering the user then fails', async () => {
    const { admin, m } = await liveZoomMeeting({ zoom_registration_url: null });
    await h.call(S.meetingStart, admin, REF, ZMeeting);
    zoom.registrantQueue.set('987654321', [500, 500, 500]);
    // No registration URL set by the admin: Zoom's own one is the fallback.
    expect(await join(m.ctx)).toEqual({
      join_url: 'https://zoom.example/meeting/register/987654321',
      fallback: true,
    });
    expect(zoomCalls().filter((c) => c === 'POST /v2/users/me/meetings')).toHaveLength(1);
    const saved = await h.call(S.meetingGet, admin, REF, ZMeeting);
    expect(saved).toMatchObject({
      zoom_id: '987654321',
      zoom_registration_url: 'https://zoom.example/meeting/register/987654321',
    });
    // The next call uses that meeting: no second Zoom meeting.
    zoom.calls.length = 0;
    expect((await join(m.ctx)).fallback).toBe(false);
    expect(zoomCalls()).toEqual(['POST /v2/meetings/987654321/registrants']);
  });

  it('the first joins of a meeting, all at once, share the one Zoom meeting it creates', async () => {
    const { admin, tenant, committee, m } = await liveZoomMeeting();
    const others = [await member(h, tenant, committee.id), await member(h, tenant, committee.id)];
    await h.call(S.meetingStart, admin, REF, ZMeeting);
    zoom.createdIds.push(111000111, 222000222, 333000333);
    zoom.beforeCreate = () => new Promise((resolve) => setTimeout(resolve, 300));
    const links = await Promise.all([m, ...others].map((who) => join(who.ctx)));
    const saved = await h.call(S.meetingGet, admin, REF, ZMeeting);
    expect(zoomCalls().filter((c) => c === 'POST /v2/users/me/meetings')).toHaveLength(1);
    expect(saved.zoom_id).toBe('111000111');
    for (const link of links) expect(link.join_url).toMatch(/^https:\/\/zoom\.example\/w\/111000111\?/);
  });

  it('joins the Zoom meeting stored first when another creation (elsewhere) won the race', async () => {
    const { admin, meeting, m } = await liveZoomMeeting();
    await h.call(S.meetingStart, admin, REF, ZMeeting);
    // While this join's creation is under way, another process stores its own Zoom meeting.
    zoom.beforeCreate = async () => {
      await h.service.runtime.prisma.meeting.update({
        where: { id: meeting.id },
        data: { zoomId: '555000555', zoomRegistrationUrl: 'https://zoom.example/meeting/register/555000555' },
      });
    };
    expect(await join(m.ctx)).toEqual({
      join_url: `https://zoom.example/w/555000555?who=${encodeURIComponent(m.user.email)}`,
      fallback: false,
    });
    expect(await h.call(S.meetingGet, admin, REF, ZMeeting)).toMatchObject({
      zoom_id: '555000555',
      zoom_registration_url: 'https://zoom.example/meeting/register/555000555',
    });
  });

  it('gives up on a Zoom that does not answer once ZOOM_TIMEOUT_MS is spent, with no further attempt', async () => {
    const { admin, m } = await liveZoomMeeting({ zoom_id: '444' });
    await h.call(S.meetingStart, admin, REF, ZMeeting);
    // The first registrant call never answers; a second one would get a link.
    zoom.registrantQueue.set('444', [HANG]);
    expect(await join(m.ctx)).toEqual({
      join_url: 'https://zoom.example/register/fallback',
      fallback: true,
    });
    // The budget covers every attempt, not each one: the hung call spent it all, so the answer (the
    // registration URL) comes within that one budget, before the gateway's request timeout.
    expect(zoomCalls().filter((c) => c === 'POST /v2/meetings/444/registrants')).toHaveLength(1);
    // The next join has a budget of its own and gets the link.
    expect((await join(m.ctx)).fallback).toBe(false);
  });

  it('a refused token is a failure (registration URL), not a hidden button', async () => {
    const { admin, m } = await liveZoomMeeting({ zoom_id: '222' });
    await h.call(S.meetingStart, admin, REF, ZMeeting);
    // The API refuses the cached token; the retry asks for a fresh one, which the token endpoint refuses.
    zoom.tokenStatus = 500;
    zoom.registrantStatus.set('222', 401);
    expect(await join(m.ctx)).toEqual({
      join_url: 'https://zoom.example/register/fallback',
      fallback: true,
    });
  });

  it('static link and no provider', async () => {
    const { admin, m } = await liveZoomMeeting({
      video_provider: 'static',
      video_url: 'https://meet.example/room',
    });
    await h.call(S.meetingStart, admin, REF, ZMeeting);
    expect(await join(m.ctx)).toEqual({
      join_url: 'https://meet.example/room',
      fallback: false,
    });
    await h.call(S.meetingUpdate, admin, { ...REF, video_provider: 'none' }, ZMeeting);
    await expect(join(m.ctx)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('GET {meeting base}/calendar', () => {
  it('is routed as a file download, not JSON', () => {
    const route = MEETING_ROUTES.find(
      (r) => r.method === 'GET' && r.path === '/api/meeting/{committeeCode}/{meetingCode}/calendar',
    );
    expect(route).toMatchObject({ subject: S.meetingCalendar, file: true, reply: ZCalendarReply });
  });

  it('answers an ICS file with the meeting, for viewers only', async () => {
    const { tenant, committee, meeting } = await world(h, {
      description:
        '<p>Budget <b>review</b> &amp; reserve policy.</p><ol><li><p>Call to order</p></li><li><p>Budget amendments</p></li></ol>',
    });
    const m = await member(h, tenant, committee.id);
    const file = await h.call(S.meetingCalendar, m.ctx, REF, ZCalendarReply);
    expect(file.filename).toBe('FIN-M1.ics');
    expect(file.content_type).toBe('text/calendar; charset=utf-8');
    const ics = file.body.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`UID:${meeting.id}@gavel`);
    expect(ics).toContain('SUMMARY:Finance Committee: Monthly Meeting');
    expect(ics).toContain('LOCATION:Board Room\\, 1 Main St');
    // One line per paragraph and list item (escaped as \n in the file), characters as written.
    expect(ics).toContain('DESCRIPTION:Budget review & reserve policy.\\nCall to order\\nBudget amendments');
    expect(ics).toContain('https://gavel.example/meeting/FIN/M1');
    // Asked for over the web, the link is to the address the association was reached at.
    const reached = { ...m.ctx, origin: 'https://board.assoc.test' };
    const viaWeb = (await h.call(S.meetingCalendar, reached, REF, ZCalendarReply)).body;
    expect(viaWeb.replace(/\r\n[ \t]/g, '')).toContain(
      'URL;VALUE=URI:https://board.assoc.test/meeting/FIN/M1',
    );
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${stamp(meeting.start)}`);
    expect(ics).toContain(`DTEND:${stamp(meeting.end)}`);
    await expect(h.call(S.meetingCalendar, userCtx(tenant), REF, ZCalendarReply)).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('keeps names to one line, so no name adds lines of its own to the file', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const m = await member(h, tenant, committee.id);
    const injected = 'Special\r\nATTENDEE:mailto:evil@x.test\r\nBEGIN:VALARM';
    const saved = await h.call(S.meetingUpdate, admin, { ...REF, name: `${injected}\t` }, ZMeeting);
    expect(saved.name).toBe('Special ATTENDEE:mailto:evil@x.test BEGIN:VALARM');
    // A name stored before names were kept to one line is written on one line too.
    await h.service.runtime.prisma.meeting.update({ where: { id: meeting.id }, data: { name: injected } });
    const ics = (await h.call(S.meetingCalendar, m.ctx, REF, ZCalendarReply)).body;
    const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines.filter((line) => /^(ATTENDEE|BEGIN:VALARM)/.test(line))).toEqual([]);
    expect(lines).toContain(
      'X-WR-CALNAME:Finance Committee: Special ATTENDEE:mailto:evil@x.test BEGIN:VALARM',
    );
  });

  it('raises the SEQUENCE with each edit of what the file shows, so a calendar takes it as an update', async () => {
    const { tenant, committee, admin, meeting } = await world(h);
    const m = await member(h, tenant, committee.id);
    const sequence = async () => {
      const ics = (await h.call(S.meetingCalendar, m.ctx, REF, ZCalendarReply)).body;
      return ics.match(/^SEQUENCE:(\d+)\r?$/m)?.[1];
    };
    const edit = (change: Record<string, unknown>) =>
      h.call(S.meetingUpdate, admin, { ...REF, ...change }, ZMeeting);
    expect(await sequence()).toBe('0');
    // The meeting moves an hour later: the imported event must move with it.
    const later = (iso: string) => new Date(Date.parse(iso) + 3600_000).toISOString();
    await edit({ start: later(meeting.start), end: later(meeting.end) });
    expect(await sequence()).toBe('1');
    // Edits of what the file does not show, or of nothing at all, leave it.
    await edit({ show_motions: false, visibility: 'open' });
    await edit({ start: later(meeting.start), name: meeting.name });
    expect(await sequence()).toBe('1');
    for (const change of [
      { location_address: '2 Main St' },
      { allow_in_person: false },
      { name: 'Special Meeting' },
      { description: '<p>New agenda</p>' },
    ]) {
      await edit(change);
    }
    expect(await sequence()).toBe('5');
  });
});
