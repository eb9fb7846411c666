import { useCurrentUser } from '@/features/auth/queries';

/** / and /admin: the admin home (the committees list and policies card arrive with their features). */
export function AdminHomePage() {
  const { me } = useCurrentUser();
  return (
    <section aria-labelledby="admin-home-title" className="mx-auto flex max-w-5xl flex-col gap-4">
      <h1 id="admin-home-title" className="text-2xl font-semibold tracking-tight">
        Admin
      </h1>
      <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
        Welcome, {me.user.displayed_first_name || me.user.first_name}. There is nothing to manage here yet.
      </p>
    </section>
  );
}
