import { describe, expect, it } from 'vitest';
import { checkCsrf, csrfTokensMatch, isValidCsrfToken, newCsrfToken } from './csrf.js';

describe('csrf', () => {
  const token = newCsrfToken();

  it('makes 43-character base64url tokens that differ', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCsrfToken()).not.toBe(token);
    expect(isValidCsrfToken(token)).toBe(true);
    expect(isValidCsrfToken('short')).toBe(false);
    expect(isValidCsrfToken(undefined)).toBe(false);
  });

  it('compares cookie and header exactly', () => {
    expect(csrfTokensMatch(token, token)).toBe(true);
    expect(csrfTokensMatch(token, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(csrfTokensMatch(token, `${token}x`)).toBe(false);
    expect(csrfTokensMatch(token, undefined)).toBe(false);
    expect(csrfTokensMatch(undefined, undefined)).toBe(false);
    expect(csrfTokensMatch('', '')).toBe(false);
  });

  it('lets safe methods through and checks mutating ones', () => {
    expect(checkCsrf('GET', {}, undefined)).toBe('ok');
    expect(checkCsrf('HEAD', {}, undefined)).toBe('ok');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(checkCsrf(method, {}, token)).toBe('missing_requested_with');
      expect(checkCsrf(method, { 'x-requested-with': '  ' }, token)).toBe('missing_requested_with');
      expect(checkCsrf(method, { 'x-requested-with': 'XMLHttpRequest' }, token)).toBe('token_mismatch');
      expect(checkCsrf(method, { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': 'nope' }, token)).toBe(
        'token_mismatch',
      );
      expect(checkCsrf(method, { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': token }, token)).toBe(
        'ok',
      );
      expect(checkCsrf(method, { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': token }, token)).toBe(
        'ok',
      );
      // A header without a cookie proves nothing.
      expect(
        checkCsrf(method, { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': token }, undefined),
      ).toBe('token_mismatch');
    }
  });

  it('needs X-Requested-With, but no token, on a safe method of an xhrOnly route', () => {
    for (const method of ['GET', 'HEAD']) {
      expect(checkCsrf(method, {}, token, true)).toBe('missing_requested_with');
      expect(checkCsrf(method, { 'x-requested-with': ' ' }, token, true)).toBe('missing_requested_with');
      expect(checkCsrf(method, { 'x-requested-with': 'XMLHttpRequest' }, undefined, true)).toBe('ok');
    }
    expect(checkCsrf('POST', { 'x-requested-with': 'XMLHttpRequest' }, token, true)).toBe('token_mismatch');
  });
});
