const PARSE_BASE = 'http://gavel.invalid';

/**
 * True for a path of this site ('/x') as the browser reads it: not a protocol-relative '//host' or
 * '/\host', nor one hidden by tabs or newlines, which the browser drops ('/<tab>/host' is '//host').
 */
export function isSitePath(to: string): boolean {
  if (!to.startsWith('/')) return false;
  try {
    return new URL(to, PARSE_BASE).origin === PARSE_BASE;
  } catch {
    return false;
  }
}

/** The `?next=` target after signing in: a path of this site, else the fallback. */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  return next && isSitePath(next) ? next : fallback;
}

/** The sign-in page address that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
