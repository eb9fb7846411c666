/** Page paths the app links to, in one place (spec "Shared page behaviour" and section 2). */
export const paths = {
  /**
   * A committee's admin page. Codes repeat across years (copies), so a year-based committee is named
   * by its year as well; a term-based one by its code alone.
   */
  committeeAdmin: (committee: { code: string; year: number | null }): string => {
    const path = `/admin/committee/${encodeURIComponent(committee.code)}`;
    return committee.year === null ? path : `${path}?year=${committee.year}`;
  },
  committeeCreate: (year: number) => `/admin/committee/create?year=${year}`,
  committeesCopy: '/admin/committees/copy',
  adminHome: (year?: number) => (year === undefined ? '/admin' : `/admin?year=${year}`),
  appointments: (year: number) => `/admin/appointments/${year}`,
  appointmentsEmail: (year: number) => `/admin/appointments/${year}/email`,
  userEdit: (id: string) => `/admin/users/${encodeURIComponent(id)}/edit`,
};
