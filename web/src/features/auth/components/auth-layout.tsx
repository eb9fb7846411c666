import type * as React from 'react';

/** The frame of the signed-out pages: the product name above a centred card. */
export function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
      {/* The page's heading: the card below titles its part (Sign in, Enter Bypass Code). */}
      <h1 className="text-xl font-semibold tracking-tight">Gavel</h1>
      {children}
    </main>
  );
}
