import { describe, expect, it } from 'vitest';
import { mergeInput, toFastifyPath } from './routes.js';

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
