import { describe, expect, it } from 'vitest';
import { fieldWithBadText, mergeInput, originOf, toFastifyPath } from './routes.js';

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

describe('fieldWithBadText', () => {
  const nul = 'Text may not contain NUL characters.';
  const notUnicode = 'Text must be valid Unicode.';

  it('names the top-level field holding a NUL character at any depth', () => {
    expect(fieldWithBadText({ name: 'ab\u0000cd' })).toEqual({ field: 'name', message: nul });
    expect(fieldWithBadText({ ok: 'x', motion_responses: ['Yes', 'N\u0000o'] })?.field).toBe(
      'motion_responses',
    );
    expect(fieldWithBadText({ nested: { deeper: ['\u0000'] } })?.field).toBe('nested');
    expect(fieldWithBadText({ keys: { 'k\u0000': 1 } })?.field).toBe('keys');
  });

  it('names the field holding a lone surrogate, which is not Unicode', () => {
    expect(fieldWithBadText({ name: 'ok\ud800' })).toEqual({ field: 'name', message: notUnicode });
    expect(fieldWithBadText({ name: '\udc00ok' })).toEqual({ field: 'name', message: notUnicode });
    expect(fieldWithBadText({ list: ['fine', { deep: 'a\udbffb' }] })?.field).toBe('list');
  });

  it('passes text without one, astral characters included', () => {
    expect(
      fieldWithBadText({ name: 'Budget \\u0000 review', count: 3, flag: null, list: ['a', '🗳️ vote 𝔸'] }),
    ).toBeNull();
  });
});

describe('originOf', () => {
  it("writes the parsed host and a port other than the scheme's own", () => {
    expect(originOf('http', { host: 'alpha.test', port: null })).toBe('http://alpha.test');
    expect(originOf('http', { host: 'alpha.test', port: 80 })).toBe('http://alpha.test');
    expect(originOf('https', { host: 'alpha.test', port: 443 })).toBe('https://alpha.test');
    expect(originOf('http', { host: 'alpha.test', port: 443 })).toBe('http://alpha.test:443');
    expect(originOf('https', { host: '[::1]', port: 8443 })).toBe('https://[::1]:8443');
  });
});
