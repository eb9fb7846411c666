import {
  type TCommittee,
  type TCommitteeCopyInput,
  type TCommitteeCreateInput,
  type TMemberCreateInput,
  type TMembership,
  type TMemberUpdateInput,
  ZCommittee,
  ZCommitteeListReply,
  ZCommitteeUpdateInput,
  ZMembership,
  ZMembershipListReply,
} from '@gavel/contracts';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { committeeAdminBase } from '@/lib/paths';
import { yearQuery } from './year-param';

const ZOk = z.object({ ok: z.literal(true) });

/** `/admin/committee/{code}` with `?year=` when the page names a year (else the service's default). */
function committeePath(code: string, year?: number, rest = ''): string {
  return `${committeeAdminBase(code)}${rest}${yearQuery(year)}`;
}

export function fetchCommittees(year: number, signal?: AbortSignal): Promise<TCommittee[]> {
  return api.get(ZCommitteeListReply, `/admin/${year}/committees`, signal);
}

export function fetchCommittee(code: string, year?: number, signal?: AbortSignal): Promise<TCommittee> {
  return api.get(ZCommittee, committeePath(code, year), signal);
}

export function createCommittee(body: TCommitteeCreateInput): Promise<TCommittee> {
  return api.post(ZCommittee, '/admin/committee', body);
}

/** The PUT body as sent (defaults such as `position_renames: []` may be left out). */
export type CommitteeUpdateBody = Omit<z.input<typeof ZCommitteeUpdateInput>, 'code'>;

export function updateCommittee(code: string, body: CommitteeUpdateBody): Promise<TCommittee> {
  return api.put(ZCommittee, committeePath(code), body);
}

export function deleteCommittee(code: string, year?: number): Promise<z.infer<typeof ZOk>> {
  return api.delete(ZOk, committeePath(code, year));
}

export function copyCommittee(body: TCommitteeCopyInput): Promise<TCommittee> {
  return api.post(ZCommittee, '/admin/committees/copy', body);
}

export function fetchMembers(code: string, year?: number, signal?: AbortSignal): Promise<TMembership[]> {
  return api.get(ZMembershipListReply, committeePath(code, year, '/members'), signal);
}

export type MemberCreateBody = Omit<TMemberCreateInput, 'code'>;

export function addMember(code: string, body: MemberCreateBody): Promise<TMembership> {
  return api.post(ZMembership, committeePath(code, undefined, '/member'), body);
}

export type MemberUpdateBody = Omit<TMemberUpdateInput, 'code' | 'id'>;

export function updateMember(code: string, id: string, body: MemberUpdateBody): Promise<TMembership> {
  return api.put(ZMembership, committeePath(code, undefined, `/member/${encodeURIComponent(id)}`), body);
}

export function removeMember(code: string, id: string, year?: number): Promise<z.infer<typeof ZOk>> {
  return api.delete(ZOk, committeePath(code, year, `/member/${encodeURIComponent(id)}`));
}
