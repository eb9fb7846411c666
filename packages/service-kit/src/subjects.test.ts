import { describe, expect, it } from 'vitest';
import { prefixed, streamName, unprefixed } from './subjects.js';

describe('subject prefixes', () => {
  it('leave subjects alone without a prefix', () => {
    expect(prefixed('', 'identity.auth.login')).toBe('identity.auth.login');
    expect(unprefixed('', 'identity.auth.login')).toBe('identity.auth.login');
    expect(streamName('')).toBe('EVENTS');
  });

  it('round-trip with a prefix', () => {
    const s = prefixed('t1a2', 'evt.identity.user.created');
    expect(s).toBe('t1a2.evt.identity.user.created');
    expect(unprefixed('t1a2', s)).toBe('evt.identity.user.created');
    expect(streamName('t1a2')).toBe('T1A2_EVENTS');
  });
});
