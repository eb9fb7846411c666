import { describe, expect, it } from 'vitest';
import { parseHost } from './tenant.js';

describe('parseHost', () => {
  it('lowercases and strips the port', () => {
    expect(parseHost('Alpha.Example.ORG:8080')).toBe('alpha.example.org');
    expect(parseHost('alpha.example.org')).toBe('alpha.example.org');
    expect(parseHost('localhost:3000')).toBe('localhost');
  });

  it('keeps IPv6 literals and IPv4 addresses', () => {
    expect(parseHost('[::1]:8080')).toBe('[::1]');
    expect(parseHost('127.0.0.1:8080')).toBe('127.0.0.1');
  });

  it('drops a trailing dot', () => {
    expect(parseHost('alpha.example.org.')).toBe('alpha.example.org');
  });

  it('rejects what is not a host name', () => {
    for (const bad of [
      undefined,
      null,
      '',
      ':8080',
      'a b',
      'alpha.org:http',
      'evil.org/path',
      '[::1',
      '[::1]@evil.example',
      '[::1]:abc',
      '[::1]:',
      '[::1]:65536',
      'alpha.org:65536',
      '-a.org',
      'a..b',
    ]) {
      expect(parseHost(bad), String(bad)).toBeNull();
    }
    expect(parseHost(`${'a'.repeat(64)}.org`)).toBeNull();
  });
});
