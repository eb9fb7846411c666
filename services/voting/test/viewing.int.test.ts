import {
  EVENTS,
  SUBJECTS,
  type TMembershipEvent,
  ZChannelAccess,
  ZEmailVote,
  ZMotionReply,
  ZMotionsReply,
  ZRetrieveEmailVoteReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ALLOWED_TO_VIEW } from '../src/scope/scope.service.js';
import { api, refused, S } from './helpers.js';
import { type Harness, newWorld, publishEvent, startHarness, userCtx, type World } from './support.js';

/**
 * Who may read a meeting's or email vote's motions and votes, and follow its channel: the rules the
 * meetings service applies to the same pages (contracts' canViewMeeting / canViewEmailVote).
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const meetingAsks = () => h.meetings.callsTo(SUBJECTS.meetings.channelAccess).length;

async function emailVote(w: World, code: string) {
  const manager = userCtx(w.tenantId, ['create email vote', 'create motions']);
  const now = Date.now();
  await h.call(
    S.emailVoteCreate,
    manager,
    {
      committeeCode: w.committee.code,
      code,
      name: 'Ballot',
      start: new Date(now - 60_000).toISOString(),
      end: new Date(now + 3_600_000).toISOString(),
    },
    ZEmailVote,
  );
  const base = { committeeCode: w.committee.code, voteCode: code };
  await h.call(S.motionCreate, manager, { ...base, name: 'Adopt the bylaws' }, ZMotionReply);
  return {
    base,
    motions: (ctx: ReturnType<typeof userCtx>) => h.call(S.motionsRetrieve, ctx, base, ZMotionsReply),
    vote: (ctx: ReturnType<typeof userCtx>) => h.call(S.emailVoteGet, ctx, base, ZRetrieveEmailVoteReply),
    channel: (ctx: ReturnType<typeof userCtx>) =>
      h.call(S.channelAccess, ctx, { committee_code: w.committee.code, vote_code: code }, ZChannelAccess),
  };
}

describe('viewing a meeting’s motions', () => {
  it('lets members, meeting staff and admins read them; asks meetings about anyone else', async () => {
    const w = await newWorld(h, { voters: 2 });
    const a = api(h, w);
    await a.create(w.runner);
    const asked = meetingAsks();
    for (const ctx of [
      (w.members[0] as World['members'][number]).ctx,
      (w.members.at(-1) as World['members'][number]).ctx, // a member without a vote
      userCtx(w.tenantId, ['view any meeting']),
      userCtx(w.tenantId, ['modify meeting rsvps']),
      userCtx(w.tenantId, [], { roles: ['admin'] }),
    ]) {
      expect((await a.retrieve(ctx)).motions).toHaveLength(1);
    }
    // Answered from the read models: the meetings service was not asked.
    expect(meetingAsks()).toBe(asked);

    // A non-member the meeting added (an RSVP or attendee row, which only meetings holds) reads them...
    const guest = userCtx(w.tenantId);
    h.meetingParticipants.add(guest.userId as string);
    expect((await a.retrieve(guest)).motions).toHaveLength(1);
    expect(meetingAsks()).toBe(asked + 1);
    // ...anyone else of the association is refused with the meetings service's answer.
    const stranger = userCtx(w.tenantId, ['create motions']);
    const refusal = await refused(a.retrieve(stranger));
    expect(refusal.code).toBe('forbidden');
    // 'create email vote' opens a committee's email votes, not its meetings.
    expect((await refused(a.retrieve(userCtx(w.tenantId, ['create email vote'])))).code).toBe('forbidden');
    // Signed out, or another association: never.
    expect((await refused(a.retrieve({ ...guest, userId: null }))).code).toBe('unauthenticated');
    const other = await newWorld(h, { voters: 1 });
    expect((await refused(a.retrieve(userCtx(other.tenantId, ['view any meeting'])))).code).toBe('not_found');
  });

  it('lets every signed-in user of the association read an open meeting’s motions', async () => {
    const w = await newWorld(h, { voters: 1 });
    const a = api(h, w);
    await a.create(w.runner);
    const stranger = userCtx(w.tenantId);
    expect((await refused(a.retrieve(stranger))).code).toBe('forbidden');
    const meeting = { ...w.meeting, visibility: 'open' as const };
    await publishEvent(h, EVENTS.meetings.meetingUpdated, { tenantId: w.tenantId, meeting });
    await eventually(async () => {
      const row = await h.service.runtime.prisma.meetingRm.findFirst({ where: { id: w.meeting.id } });
      return row?.visibility === 'open';
    });
    const asked = meetingAsks();
    expect((await a.retrieve(stranger)).motions).toHaveLength(1);
    expect(meetingAsks()).toBe(asked);
  });
});

describe('viewing an email vote', () => {
  it('opens the vote, its motions and its channel to members, staff and vote managers only', async () => {
    const w = await newWorld(h, { voters: 2 });
    const ev = await emailVote(w, 'EVV');
    for (const ctx of [
      (w.members[0] as World['members'][number]).ctx,
      userCtx(w.tenantId, ['create email vote']),
      userCtx(w.tenantId, ['run meetings']),
      userCtx(w.tenantId, [], { roles: ['site admin'] }),
    ]) {
      expect((await ev.vote(ctx)).code).toBe('EVV');
      expect((await ev.motions(ctx)).motions).toHaveLength(1);
      expect((await ev.channel(ctx)).channel).toMatch(/^vote\./);
    }
    // Email votes have no guests: the meetings service is never asked, and strangers are refused.
    const stranger = userCtx(w.tenantId, ['create motions']);
    h.meetingParticipants.add(stranger.userId as string);
    for (const call of [ev.vote, ev.motions, ev.channel]) {
      const refusal = await refused(call(stranger));
      expect(refusal.code).toBe('forbidden');
      expect(refusal.message).toBe(NOT_ALLOWED_TO_VIEW);
    }
  });

  it('refuses a member whose appointment was declined', async () => {
    const w = await newWorld(h, { voters: 1 });
    const ev = await emailVote(w, 'EVD');
    const member = w.members[0] as World['members'][number];
    expect((await ev.motions(member.ctx)).motions).toHaveLength(1);
    const membership: TMembershipEvent['membership'] = {
      id: member.membershipId,
      committee_id: w.committee.id,
      user_id: member.userId,
      position: member.position,
      is_voting: true,
      demographic: member.demographic,
      appointment_status: 'Declined',
    };
    await publishEvent(h, EVENTS.committees.membershipUpdated, { tenantId: w.tenantId, membership });
    await eventually(async () => {
      const row = await h.service.runtime.prisma.membershipRm.findFirst({
        where: { id: member.membershipId },
      });
      return row?.appointmentStatus === 'Declined';
    });
    expect((await refused(ev.motions(member.ctx))).code).toBe('forbidden');
  });
});
