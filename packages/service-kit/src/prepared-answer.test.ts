import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagOf, ifNoneMatchMatches, PreparedAnswer } from './prepared-answer.js';

describe('etagOf', () => {
  it('is a strong tag that changes with the bytes', () => {
    expect(etagOf('{"a":1}')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf('{"a":1}')).toBe(etagOf(Buffer.from('{"a":1}')));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
  });
});

describe('ifNoneMatchMatches', () => {
  const tag = '"abc"';
  it('matches the tag itself, weakly, in a list, or *', () => {
    expect(ifNoneMatchMatches('"abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches('W/"abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches('"x", "abc"', tag)).toBe(true);
    expect(ifNoneMatchMatches('*', tag)).toBe(true);
  });
  it('does not match another tag or nothing', () => {
    expect(ifNoneMatchMatches(undefined, tag)).toBe(false);
    expect(ifNoneMatchMatches('"abd"', tag)).toBe(false);
    expect(ifNoneMatchMatches('abc', tag)).toBe(false);
  });
});

describe('PreparedAnswer', () => {
  it('holds the JSON gzipped, under the ETag the gateway gives the same answer', async () => {
    const data = { users: [{ id: 'u1', name: 'Émile' }], members: [] };
    const answer = await PreparedAnswer.of(data);
    expect(JSON.parse(gunzipSync(answer.gzipped).toString('utf8'))).toEqual(data);
    expect(answer.etag).toBe(etagOf(JSON.stringify(data)));
    expect(answer.bytes).toBe(answer.gzipped.length);
  });
});
