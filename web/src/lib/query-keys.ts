/** Every TanStack Query key of the app, from one factory so invalidation finds them. */
export const queryKeys = {
  me: ['me'] as const,
  users: {
    edit: (id: string) => ['users', 'edit', id] as const,
    search: (query: string) => ['users', 'search', query] as const,
  },
  years: ['years'] as const,
  committees: {
    all: ['committees'] as const,
    list: (year: number) => ['committees', 'list', year] as const,
    detail: (code: string, year?: number) => ['committees', 'detail', code, year ?? null] as const,
    members: (code: string, year?: number) => ['committees', 'members', code, year ?? null] as const,
  },
  appointments: {
    all: ['appointments'] as const,
    dashboard: (year: number) => ['appointments', 'dashboard', year] as const,
    mine: ['appointments', 'mine'] as const,
  },
};
