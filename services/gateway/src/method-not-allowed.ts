import type { HttpRoute } from '@gavel/contracts';

/** A route path in OpenAPI style (`/api/admin/users/{id}`) as a pattern for concrete paths. */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * Answers which methods the API serves at a concrete path (HEAD wherever GET is), so that a call with
 * another method hears 405 and what to use instead of a 404 that says the address does not exist.
 */
export function methodsServing(
  routes: readonly Pick<HttpRoute, 'method' | 'path'>[],
): (path: string) => string[] {
  const compiled = routes.map((r) => ({ method: r.method, pattern: pathPattern(r.path) }));
  return (path) => {
    const methods = new Set(compiled.filter((r) => r.pattern.test(path)).map((r) => r.method as string));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods];
  };
}

export function methodNotAllowedMessage(method: string, allowed: readonly string[]): string {
  return `This address does not take ${method}: use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}.`;
}
