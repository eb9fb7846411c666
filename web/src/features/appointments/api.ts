import {
  type TAppointment,
  type TAppointmentDecision,
  type TAppointmentGroup,
  ZAppointment,
  ZAppointmentDashboardReply,
} from '@gavel/contracts';
import { api } from '@/lib/api-client';

/** GET /admin/appointments/dashboard/{year}: the year's appointments, one group per user. */
export function fetchAppointmentsDashboard(year: number, signal?: AbortSignal): Promise<TAppointmentGroup[]> {
  return api.get(ZAppointmentDashboardReply, `/admin/appointments/dashboard/${year}`, signal);
}

/** PUT /admin/appointments/member/{id} {decision}: Accept, Reset (to Tentative) or Decline; answers the appointment. */
export function decideAppointment(id: string, decision: TAppointmentDecision): Promise<TAppointment> {
  return api.put(ZAppointment, `/admin/appointments/member/${encodeURIComponent(id)}`, { decision });
}
