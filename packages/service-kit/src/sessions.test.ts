import { describe, expect, it } from 'vitest';
import { isWellFormedToken, newToken, parseCookieHeader, sessionTokenFromCookieHeader } from './sessions.js';

describe('session cookies', () => {
  it('reads the session token from a raw Cookie header, as the gateway sets it', () => {
    const token = newToken();
    expect(isWellFormedToken(token)).toBe(true);
    expect(sessionTokenFromCookieHeader(`XSRF-TOKEN=abc; gavel_session=${token}; other=1`)).toBe(token);
    expect(sessionTokenFromCookieHeader(`gavel_session="${token}"`)).toBe(token);
  });

  it('ignores a missing, malformed or shadowing cookie', () => {
    expect(sessionTokenFromCookieHeader(undefined)).toBeNull();
    expect(sessionTokenFromCookieHeader('gavel_session=short')).toBeNull();
    expect(sessionTokenFromCookieHeader(`xgavel_session=${newToken()}`)).toBeNull();
  });

  it('parses names and decodes values, first one winning', () => {
    const cookies = parseCookieHeader('a=1; b=x%20y;  a=2; broken; =v; c=%E0');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['c', '%E0'],
    ]);
  });
});
