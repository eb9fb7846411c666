import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newScriptNonce, SECURITY_HEADERS } from './security-headers.js';

/** The policy as directive → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows only what the SPA uses, and no framing', () => {
    const csp = directives(contentSecurityPolicy());
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(JSON.stringify(csp)).not.toContain('unsafe-eval');
  });

  it('allows an inline script only by the page nonce', () => {
    const nonce = newScriptNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newScriptNonce()).not.toBe(nonce);
    expect(directives(contentSecurityPolicy(nonce))['script-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
  });

  it('goes with the other usual headers', () => {
    expect(SECURITY_HEADERS).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
    });
  });
});
