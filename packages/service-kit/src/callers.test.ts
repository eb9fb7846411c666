import { describe, expect, it } from 'vitest';
import { parseHost, parseHostAndPort } from './callers.js';

describe('parseHostAndPort', () => {
  it('answers the host lowercased, without a trailing dot, and the port it names', () => {
    expect(parseHostAndPort('Alpha.Example.ORG.:8080')).toEqual({ host: 'alpha.example.org', port: 8080 });
    expect(parseHostAndPort('alpha.example.org')).toEqual({ host: 'alpha.example.org', port: null });
    expect(parseHostAndPort('[::1]:8080')).toEqual({ host: '[::1]', port: 8080 });
    expect(parseHostAndPort('[2001:DB8::1]')).toEqual({ host: '[2001:db8::1]', port: null });
    expect(parseHostAndPort('127.0.0.1:65535')).toEqual({ host: '127.0.0.1', port: 65535 });
  });

  it('refuses anything after an IPv6 literal but a valid port', () => {
    for (const bad of [
      '[::1]@evil.example',
      '[::1]:abc',
      '[::1]x',
      '[::1]:',
      '[::1]:8080x',
      '[::1]:65536',
      '[::1]:0',
      '[::1]]',
      '[::1].evil.example',
    ]) {
      expect(parseHostAndPort(bad), bad).toBeNull();
      expect(parseHost(bad), bad).toBeNull();
    }
  });

  it('refuses a port that is not one, after a name too', () => {
    for (const bad of [
      'alpha.org:',
      'alpha.org:http',
      'alpha.org:65536',
      'alpha.org:0',
      'alpha.org:123456',
    ]) {
      expect(parseHostAndPort(bad), bad).toBeNull();
    }
  });
});

describe('parseHost', () => {
  it('drops the port', () => {
    expect(parseHost('[::1]:8080')).toBe('[::1]');
    expect(parseHost('Alpha.Example.org.:8080')).toBe('alpha.example.org');
  });
});
