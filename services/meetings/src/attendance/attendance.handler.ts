import {
  SUBJECTS,
  type TAttendanceChangeReply,
  type TAttendanceInput,
  type TAttendanceOfMeetingInput,
  type TAttendanceOfMeetingReply,
  type TAttendanceOfMemberInput,
  type TAttendanceOfMemberReply,
  type TEmailVoteRefInput,
  type TMeetingRef,
  type TMeetingUserRef,
  type TRequestContext,
  type TRetrieveAttendanceReply,
  type TRsvpInput,
  ZAttendanceInput,
  ZAttendanceOfMeetingInput,
  ZAttendanceOfMemberInput,
  ZEmailVoteRefInput,
  ZMeetingRef,
  ZMeetingUserRef,
  ZRsvpInput,
} from '@gavel/contracts';
import { Handle, type PreparedAnswer } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { AttendanceService } from './attendance.service.js';

const S = SUBJECTS.meetings;

@Controller()
export class AttendanceHandler {
  constructor(@Inject(AttendanceService) private readonly attendance: AttendanceService) {}

  @Handle(S.rsvpSet, ZRsvpInput)
  setRsvp(input: TRsvpInput, ctx: TRequestContext): Promise<TAttendanceChangeReply> {
    return this.attendance.setRsvp(ctx, input);
  }

  @Handle(S.rsvpDelete, ZMeetingUserRef)
  deleteRsvp(input: TMeetingUserRef, ctx: TRequestContext): Promise<TAttendanceChangeReply> {
    return this.attendance.deleteRsvp(ctx, input);
  }

  @Handle(S.attendanceSet, ZAttendanceInput)
  setAttendance(input: TAttendanceInput, ctx: TRequestContext): Promise<TAttendanceChangeReply> {
    return this.attendance.setAttendance(ctx, input);
  }

  @Handle(S.attendanceDelete, ZMeetingUserRef)
  deleteAttendance(input: TMeetingUserRef, ctx: TRequestContext): Promise<TAttendanceChangeReply> {
    return this.attendance.deleteAttendance(ctx, input);
  }

  @Handle(S.attendanceOfMember, ZAttendanceOfMemberInput)
  ofMember(input: TAttendanceOfMemberInput, ctx: TRequestContext): Promise<TAttendanceOfMemberReply> {
    return this.attendance.ofMember(ctx, input);
  }

  @Handle(S.attendanceOfMeeting, ZAttendanceOfMeetingInput)
  ofMeeting(input: TAttendanceOfMeetingInput, ctx: TRequestContext): Promise<TAttendanceOfMeetingReply> {
    return this.attendance.ofMeeting(ctx, input);
  }

  // Takes the association's share only around its reads (AttendanceService.retrieve).
  @Handle(S.retrieveAttendance, ZMeetingRef, { unshared: true })
  retrieve(input: TMeetingRef, ctx: TRequestContext): Promise<TRetrieveAttendanceReply | PreparedAnswer> {
    return this.attendance.retrieve(ctx, input);
  }

  @Handle(S.retrieveVoteAttendance, ZEmailVoteRefInput, { unshared: true })
  retrieveForEmailVote(
    input: TEmailVoteRefInput,
    ctx: TRequestContext,
  ): Promise<TRetrieveAttendanceReply | PreparedAnswer> {
    return this.attendance.retrieveForEmailVote(ctx, input);
  }
}
