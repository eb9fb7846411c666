/** Every TanStack Query key of the app, from one factory so invalidation finds them. */
export const queryKeys = {
  me: ['me'] as const,
  users: {
    edit: (id: string) => ['users', 'edit', id] as const,
  },
};
