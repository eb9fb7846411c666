import { describe, expect, it } from 'vitest';
import { fieldWithNul, mergeInput, toFastifyPath } from './routes.js';

describe('toFastifyPath', () => {
  it('turns OpenAPI parameters into Fastify ones', () => {
    expect(toFastifyPath('/api/admin/users/{id}')).toBe('/api/admin/users/:id');
    expect(toFastifyPath('/api/meeting/{committeeCode}/{meetingCode}/x')).toBe(
      '/api/meeting/:committeeCode/:meetingCode/x',
    );
    expect(toFastifyPath('/api/me')).toBe('/api/me');
  });
});

describe('mergeInput', () => {
  it('merges query, body and path params, the path winning', () => {
    expect(mergeInput({ id: 'u1' }, { q: 'x', id: 'q' }, { name: 'n', id: 'b' })).toEqual({
      q: 'x',
      name: 'n',
      id: 'u1',
    });
  });

  it('treats a missing or null body as empty', () => {
    expect(mergeInput({}, {}, undefined)).toEqual({});
    expect(mergeInput({}, { a: '1' }, null)).toEqual({ a: '1' });
  });

  it('refuses a body that is not an object', () => {
    expect(mergeInput({}, {}, [1, 2])).toBeNull();
    expect(mergeInput({}, {}, 'text')).toBeNull();
    expect(mergeInput({}, {}, 3)).toBeNull();
  });
});

describe('fieldWithNul', () => {
  it('names the top-level field holding a NUL character at any depth', () => {
    expect(fieldWithNul({ name: 'ab\u0000cd' })).toBe('name');
    expect(fieldWithNul({ ok: 'x', motion_responses: ['Yes', 'N\u0000o'] })).toBe('motion_responses');
    expect(fieldWithNul({ nested: { deeper: ['\u0000'] } })).toBe('nested');
    expect(fieldWithNul({ keys: { 'k\u0000': 1 } })).toBe('keys');
  });

  it('passes text without one', () => {
    expect(fieldWithNul({ name: 'Budget \\u0000 review', count: 3, flag: null, list: ['a'] })).toBeNull();
  });
});
