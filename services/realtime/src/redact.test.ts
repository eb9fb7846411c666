import { describe, expect, it } from 'vitest';
import { redact } from './redact.js';

describe('redact', () => {
  it('removes email, username and nrds at any depth, keeping everything else', () => {
    const payload = {
      attendee: {
        id: 'a1',
        name: 'Ann',
        email: 'ann@x.test',
        username: 'ann',
        nrds: '123',
        checked_in: true,
      },
      list: [{ id: 'b', email: 'b@x.test', tags: ['email'] }, null, 3],
      email: 'top@x.test',
    };
    expect(redact(payload)).toEqual({
      attendee: { id: 'a1', name: 'Ann', checked_in: true },
      list: [{ id: 'b', tags: ['email'] }, null, 3],
    });
    // the input is left as it was
    expect(payload.attendee.email).toBe('ann@x.test');
  });

  it('passes scalars and missing payloads through', () => {
    expect(redact(undefined)).toBeUndefined();
    expect(redact('x')).toBe('x');
    expect(redact(null)).toBeNull();
  });
});
