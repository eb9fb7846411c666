import { describe, expect, it } from 'vitest';
import { normalizeHost } from './tenant.mapper.js';

describe('tenant host names', () => {
  it('are matched lowercase without a trailing dot', () => {
    expect(normalizeHost(' Demo.Example.TEST. ')).toBe('demo.example.test');
    expect(normalizeHost('127.0.0.1')).toBe('127.0.0.1');
  });
});
