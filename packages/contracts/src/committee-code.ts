/**
 * Committee codes repeat across years: a committee copied into the next year keeps its code, so a code
 * alone can name several committees (one per year, or one term-based committee that serves in every
 * year). Every service answers a committee-scoped call (`/api/admin/committee/{code}[?year=]`) with the
 * committee this rule picks, so the committee page, its meetings and its email votes are of one committee.
 */

/** What the rule reads of a committee: its year, null when it is term-based. */
export interface CommitteeOfYear {
  year: number | null;
}

export interface CommitteeCodeScope {
  /** The year the caller named (`?year=`), if any. */
  year?: number | undefined;
  /** The tenant's current year; null or undefined while it is not known (then the fallbacks decide). */
  currentYear?: number | null | undefined;
}

/**
 * The committee a code names among `committees` (all the tenant's committees with that code, in any
 * order). With a year: that year's committee, else a term-based one. Without: the current year's, else a
 * term-based one, else the most recent year's. Undefined when none qualifies (a 404).
 */
export function committeeForCode<C extends CommitteeOfYear>(
  committees: readonly C[],
  scope: CommitteeCodeScope = {},
): C | undefined {
  const termBased = committees.find((c) => c.year === null);
  if (scope.year !== undefined) return committees.find((c) => c.year === scope.year) ?? termBased;
  const { currentYear } = scope;
  const current = currentYear == null ? undefined : committees.find((c) => c.year === currentYear);
  return current ?? termBased ?? newestYear(committees);
}

function newestYear<C extends CommitteeOfYear>(committees: readonly C[]): C | undefined {
  let newest: C | undefined;
  for (const c of committees) {
    if (c.year !== null && (newest === undefined || c.year > (newest.year as number))) newest = c;
  }
  return newest;
}
