/** True for an absolute http(s) address, which leaves the SPA (window.location.assign). */
export function isAbsoluteHttpUrl(to: string): boolean {
  return /^https?:\/\//i.test(to);
}

/** True for a path of this site ('/x'), not a protocol-relative '//host' or '/\host'. */
export function isSitePath(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\');
}

/** The `?next=` target after signing in: a path of this site, else the fallback. */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  return next && isSitePath(next) ? next : fallback;
}

/** The sign-in page address that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}
