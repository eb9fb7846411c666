import { canViewCommittee, type Principal } from '@gavel/contracts';
import { type CommitteeRef, paths } from '@/lib/paths';

/**
 * Where a new committee (created or copied) takes its creator: its admin page, or, for one who may create
 * committees but not open them ('create committees' alone), the admin home of its year instead of a page
 * that would refuse them.
 */
export function pathAfterCreate(principal: Principal | null | undefined, created: CommitteeRef): string {
  return canViewCommittee(principal)
    ? paths.committeeAdmin(created)
    : paths.adminHome(created.year ?? undefined);
}
