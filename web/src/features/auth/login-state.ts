/** What a move to /login tells the sign-in page, in the router's location state. */
export interface LoginArrival {
  /** The user chose Sign out, and the page they were on let them leave: the sign-in page ends the session. */
  signOut?: true;
  /** The session ended under a signed-in page (RequireAuth): the sign-in page says so. */
  sessionExpired?: true;
}

/** The state of the move to /login that signs the user out (useSignOut). */
export const SIGN_OUT_ARRIVAL: LoginArrival = { signOut: true };

/** The state of RequireAuth's move to /login once the user it showed is gone. */
export const SESSION_EXPIRED_ARRIVAL: LoginArrival = { sessionExpired: true };

/** The sign-in page's arrival state (none for a visit by address, a reload, or the browser's history). */
export function loginArrivalOf(state: unknown): LoginArrival {
  return typeof state === 'object' && state !== null ? (state as LoginArrival) : {};
}
