import {
  SUBJECTS,
  type TAppointment,
  type TAppointmentDecisionInput,
  type TAppointmentGroup,
  type TCommitteeRef,
  type TMemberCreateInput,
  type TMemberRef,
  type TMembership,
  type TMemberUpdateInput,
  type TMyAppointment,
  type TOwnAppointmentDecisionInput,
  type TRequestContext,
  ZAppointmentDecisionInput,
  ZCommitteeRef,
  ZMemberCreateInput,
  ZMemberRef,
  ZMemberUpdateInput,
  ZOwnAppointmentDecisionInput,
  ZYearParams,
} from '@gavel/contracts';
import { Handle } from '@gavel/service-kit';
import { Controller, Inject } from '@nestjs/common';
import { z } from 'zod';
import { MembershipService } from './membership.service.js';

@Controller()
export class MembershipHandler {
  constructor(@Inject(MembershipService) private readonly members: MembershipService) {}

  @Handle(SUBJECTS.committees.membersList, ZCommitteeRef)
  list(input: TCommitteeRef, ctx: TRequestContext): Promise<TMembership[]> {
    return this.members.list(ctx, input);
  }

  @Handle(SUBJECTS.committees.memberCreate, ZMemberCreateInput)
  add(input: TMemberCreateInput, ctx: TRequestContext): Promise<TMembership> {
    return this.members.add(ctx, input);
  }

  @Handle(SUBJECTS.committees.memberUpdate, ZMemberUpdateInput)
  update(input: TMemberUpdateInput, ctx: TRequestContext): Promise<TMembership> {
    return this.members.update(ctx, input);
  }

  @Handle(SUBJECTS.committees.memberDelete, ZMemberRef)
  remove(input: TMemberRef, ctx: TRequestContext): Promise<{ ok: true }> {
    return this.members.remove(ctx, input);
  }

  @Handle(SUBJECTS.committees.appointmentsDashboard, ZYearParams)
  dashboard(input: z.infer<typeof ZYearParams>, ctx: TRequestContext): Promise<TAppointmentGroup[]> {
    return this.members.dashboard(ctx, input.year);
  }

  @Handle(SUBJECTS.committees.appointmentDecide, ZAppointmentDecisionInput)
  decide(input: TAppointmentDecisionInput, ctx: TRequestContext): Promise<TAppointment> {
    return this.members.decide(ctx, input);
  }

  @Handle(SUBJECTS.committees.myCommittees, z.object({}))
  mine(_input: unknown, ctx: TRequestContext): Promise<TMyAppointment[]> {
    return this.members.mine(ctx);
  }

  @Handle(SUBJECTS.committees.myAppointmentDecide, ZOwnAppointmentDecisionInput)
  decideOwn(input: TOwnAppointmentDecisionInput, ctx: TRequestContext): Promise<TMyAppointment> {
    return this.members.decideOwn(ctx, input);
  }
}
