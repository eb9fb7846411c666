import { HTTP_ROUTES, SUBJECTS } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import { FLAGGED_SUBJECTS, withRouteFlags } from './route-flags.js';

describe('withRouteFlags', () => {
  const routes = withRouteFlags(HTTP_ROUTES);
  const bySubject = (subject: string) => routes.find((r) => r.subject === subject);

  it('flags only subjects of catalogue routes', () => {
    for (const subject of FLAGGED_SUBJECTS) expect(bySubject(subject), subject).toBeDefined();
  });

  it('sends an attempt key with a bypass code only', () => {
    expect(routes.filter((r) => r.attemptKey).map((r) => r.path)).toEqual(['/api/auth/bypass']);
  });

  it("keeps identity's personal answers out of the browser's cache, and no polled route's", () => {
    const personal = routes.filter((r) => r.personal).map((r) => `${r.method} ${r.path}`);
    expect(personal.sort()).toEqual([
      'GET /api/admin/users/{id}',
      'GET /api/me',
      'POST /api/admin/users/list',
      'PUT /api/admin/users/{id}',
    ]);
    for (const route of routes.filter((r) => r.path.includes('/retrieve/'))) {
      expect(route.personal, route.path).toBeUndefined();
    }
  });

  it("keeps a route's own flags", () => {
    const bypass = HTTP_ROUTES.find((r) => r.subject === SUBJECTS.identity.bypass);
    const [own] = withRouteFlags([{ ...(bypass as (typeof HTTP_ROUTES)[number]), attemptKey: false }]);
    expect(own?.attemptKey).toBe(false);
  });
});
