import type { TTenant } from '@gavel/contracts';

export interface TenantRow {
  id: string;
  name: string;
  usesNicknames: boolean;
  defaultFromName: string | null;
  company: string | null;
}

export function toTenant(row: TenantRow): TTenant {
  return {
    id: row.id,
    name: row.name,
    uses_nicknames: row.usesNicknames,
    default_from_name: row.defaultFromName,
    company: row.company,
  };
}

/** Host names are matched lowercase, without a trailing dot (the caller strips the port). */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}
