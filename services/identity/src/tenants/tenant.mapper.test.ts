import { describe, expect, it } from 'vitest';
import { normalizeHost, type TenantRow, toTenant } from './tenant.mapper.js';

describe('tenant host names', () => {
  it('are matched lowercase without a trailing dot', () => {
    expect(normalizeHost(' Demo.Example.TEST. ')).toBe('demo.example.test');
    expect(normalizeHost('127.0.0.1')).toBe('127.0.0.1');
  });
});

const ROW: TenantRow = {
  id: 't1',
  name: 'Assoc',
  usesNicknames: false,
  defaultFromName: null,
  company: null,
  abstainLabel: 'Present',
  hideAbstain: true,
  showVoteProgress: false,
  defaultResultVisibility: 'hide_breakdown',
  timeZone: null,
};

describe('tenant voting settings', () => {
  const row = ROW;

  it('carry the wording and the default result visibility', () => {
    expect(toTenant(row).voting).toEqual({
      abstain_label: 'Present',
      hide_abstain: true,
      show_vote_progress: false,
      default_result_visibility: 'hide_breakdown',
    });
  });

  it('treat an unknown or missing result visibility as no default', () => {
    expect(
      toTenant({ ...row, defaultResultVisibility: 'sometimes' }).voting.default_result_visibility,
    ).toBeNull();
    expect(toTenant({ ...row, defaultResultVisibility: null }).voting.default_result_visibility).toBeNull();
  });
});

describe('tenant time zone', () => {
  const row: TenantRow = { ...ROW, timeZone: 'America/Los_Angeles' };

  it("carries the association's zone; none, or one the runtime does not know, leaves the deployment's", () => {
    expect(toTenant(row).time_zone).toBe('America/Los_Angeles');
    expect(toTenant({ ...row, timeZone: null }).time_zone).toBeNull();
    expect(toTenant({ ...row, timeZone: 'Mars/Olympus_Mons' }).time_zone).toBeNull();
  });
});
