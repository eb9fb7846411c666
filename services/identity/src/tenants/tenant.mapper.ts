import { type TTenant, ZResultVisibility } from '@gavel/contracts';
import { ZTimeZone } from '@gavel/service-kit';

export interface TenantRow {
  id: string;
  name: string;
  usesNicknames: boolean;
  defaultFromName: string | null;
  company: string | null;
  abstainLabel: string;
  hideAbstain: boolean;
  showVoteProgress: boolean;
  defaultResultVisibility: string | null;
  timeZone: string | null;
}

export function toTenant(row: TenantRow): TTenant {
  return {
    id: row.id,
    name: row.name,
    uses_nicknames: row.usesNicknames,
    default_from_name: row.defaultFromName,
    company: row.company,
    // A zone this runtime does not know (a typo in the database) means the deployment's.
    time_zone: ZTimeZone.safeParse(row.timeZone).data ?? null,
    voting: {
      abstain_label: row.abstainLabel,
      hide_abstain: row.hideAbstain,
      show_vote_progress: row.showVoteProgress,
      // A value the product does not know (set by hand in the database) means the default.
      default_result_visibility: ZResultVisibility.safeParse(row.defaultResultVisibility).data ?? null,
    },
  };
}

/** Host names are matched lowercase, without a trailing dot (the caller strips the port). */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}
