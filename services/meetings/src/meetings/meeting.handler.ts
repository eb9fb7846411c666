import {
  SUBJECTS,
  type TCalendarReply,
  type TChannelAccess,
  type TCommitteeMeetingsRef,
  type TJoinReply,
  type TMeeting,
  type TMeetingChannelAccessInput,
  type TMeetingCreateInput,
  type TMeetingRef,
  type TMeetingUpdateInput,
  type TRequestContext,
  type TRetrieveMeetingReply,
  ZCommitteeMeetingsRef,
  ZMeetingChannelAccessInput,
  ZMeetingCreateInput,
  ZMeetingRef,
  ZMeetingUpdateInput,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { CalendarService } from '../calendar/calendar.service.js';
import { JoinService } from '../video/join.service.js';
import { MeetingService } from './meeting.service.js';

const S = SUBJECTS.meetings;

@Controller()
export class MeetingHandler {
  constructor(
    @Inject(MeetingService) private readonly meetings: MeetingService,
    @Inject(JoinService) private readonly joins: JoinService,
    @Inject(CalendarService) private readonly calendars: CalendarService,
  ) {}

  @Handle(S.meetingsList, ZCommitteeMeetingsRef)
  list(input: TCommitteeMeetingsRef, ctx: TRequestContext): Promise<TMeeting[]> {
    return this.meetings.list(ctx, input);
  }

  @Handle(S.meetingGet, ZMeetingRef)
  get(input: TMeetingRef, ctx: TRequestContext): Promise<TMeeting> {
    return this.meetings.getForEdit(ctx, input);
  }

  @Handle(S.meetingCreate, ZMeetingCreateInput)
  create(input: TMeetingCreateInput, ctx: TRequestContext): Promise<TMeeting> {
    return this.meetings.create(ctx, input);
  }

  @Handle(S.meetingUpdate, ZMeetingUpdateInput)
  update(input: TMeetingUpdateInput, ctx: TRequestContext): Promise<TMeeting> {
    return this.meetings.update(ctx, input);
  }

  @Handle(S.meetingDelete, ZMeetingRef)
  delete(input: TMeetingRef, ctx: TRequestContext): Promise<{ ok: true }> {
    return this.meetings.delete(ctx, input);
  }

  @Handle(S.meetingStart, ZMeetingRef)
  start(input: TMeetingRef, ctx: TRequestContext): Promise<TMeeting> {
    return this.meetings.start(ctx, input);
  }

  @Handle(S.meetingEnd, ZMeetingRef)
  end(input: TMeetingRef, ctx: TRequestContext): Promise<TMeeting> {
    return this.meetings.end(ctx, input);
  }

  @Handle(S.retrieveMeeting, ZMeetingRef)
  retrieve(input: TMeetingRef, ctx: TRequestContext): Promise<TRetrieveMeetingReply> {
    return this.meetings.retrieve(ctx, input);
  }

  @Handle(S.channelAccess, ZMeetingChannelAccessInput)
  channelAccess(input: TMeetingChannelAccessInput, ctx: TRequestContext): Promise<TChannelAccess> {
    return this.meetings.channelAccess(ctx, input);
  }

  @Handle(S.meetingJoin, ZMeetingRef)
  join(input: TMeetingRef, ctx: TRequestContext): Promise<TJoinReply> {
    return this.joins.join(ctx, input);
  }

  @Handle(S.meetingCalendar, ZMeetingRef)
  calendar(input: TMeetingRef, ctx: TRequestContext): Promise<TCalendarReply> {
    return this.calendars.calendar(ctx, input);
  }
}
