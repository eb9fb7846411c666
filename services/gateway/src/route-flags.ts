import { type HttpRoute, SUBJECTS } from '@gavel/contracts';

/** What the gateway needs to know of a catalogue route beyond the contracts' HttpRoute. */
export interface RouteFlags {
  /**
   * The call uses up a one-time secret (a bypass code): the gateway sends the browser's attempt key with
   * it (see `attemptKey` in routes.ts), so a retry of an attempt whose answer was lost gets that answer.
   */
  attemptKey?: boolean;
  /**
   * The service refuses (403) a caller without an admin role ('admin', or a site or global admin, who
   * count as one): a check no permission names, so `permissions` cannot say it. Documented in OpenAPI.
   */
  adminRole?: boolean;
  /**
   * The answer is personal data (who the user is, other users' details): sent with `no-store` and no
   * ETag, so the browser keeps no copy on disk after its user signs out. Other GETs carry an ETag and
   * `private, no-cache`, which the polled meeting and vote routes need for their 304s.
   */
  personal?: boolean;
}

/** A catalogue route as the gateway serves and documents it. */
export type GatewayRoute = HttpRoute & RouteFlags;

/** The flags of the catalogue's routes, by NATS subject (a subject served at two paths gets them at both). */
const FLAGS_BY_SUBJECT: Readonly<Record<string, RouteFlags>> = {
  [SUBJECTS.identity.bypass]: { attemptKey: true },
  [SUBJECTS.identity.me]: { personal: true },
  [SUBJECTS.identity.usersList]: { personal: true },
  // UserService.requireAdmin.
  [SUBJECTS.identity.usersGet]: { adminRole: true, personal: true },
  [SUBJECTS.identity.usersUpdate]: { adminRole: true, personal: true },
};

/** Each route with the gateway's flags for its subject; flags a route already carries win. */
export function withRouteFlags(routes: readonly GatewayRoute[]): GatewayRoute[] {
  return routes.map((route) => {
    const flags = route.subject ? FLAGS_BY_SUBJECT[route.subject] : undefined;
    return flags ? { ...flags, ...route } : route;
  });
}

/** The subjects that have flags (a test checks each still names a catalogue route). */
export const FLAGGED_SUBJECTS: readonly string[] = Object.keys(FLAGS_BY_SUBJECT);
