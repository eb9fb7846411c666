import { describe, expect, it } from 'vitest';
import { HTTP_ROUTES } from './http-routes.js';

describe('HTTP_ROUTES flags', () => {
  it('sends an attempt key with a bypass code only', () => {
    expect(HTTP_ROUTES.filter((r) => r.attemptKey).map((r) => r.path)).toEqual(['/api/auth/bypass']);
  });

  it("keeps identity's personal answers out of the browser's cache, and no polled route's", () => {
    const personal = HTTP_ROUTES.filter((r) => r.personal).map((r) => `${r.method} ${r.path}`);
    expect(personal.sort()).toEqual([
      'GET /api/admin/users/{id}',
      'GET /api/me',
      'POST /api/admin/users/list',
      'PUT /api/admin/users/{id}',
    ]);
    for (const route of HTTP_ROUTES.filter((r) => r.path.includes('/retrieve/'))) {
      expect(route.personal, route.path).toBeUndefined();
    }
  });

  it('names the routes whose service requires an admin role', () => {
    const admin = HTTP_ROUTES.filter((r) => r.adminRole).map((r) => `${r.method} ${r.path}`);
    expect(admin.sort()).toEqual(['GET /api/admin/users/{id}', 'PUT /api/admin/users/{id}']);
  });
});
