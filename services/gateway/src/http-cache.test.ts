import { describe, expect, it } from 'vitest';
import { contentDisposition, etagOf, ifNoneMatchMatches, ZFileReply } from './http-cache.js';

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

describe('file replies', () => {
  it('names the file for download, with a safe ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('meeting.ics')).toBe(
      `attachment; filename="meeting.ics"; filename*=UTF-8''meeting.ics`,
    );
    expect(contentDisposition('Réunion "1"; x.ics')).toBe(
      `attachment; filename="R_union _1__ x.ics"; filename*=UTF-8''R%C3%A9union%20%221%22%3B%20x.ics`,
    );
    expect(contentDisposition('../../etc/passwd')).toContain('filename=".._.._etc_passwd"');
  });

  it('accepts only sane content types', () => {
    const ok = (content_type: string) =>
      ZFileReply.safeParse({ filename: 'a', content_type, body: '' }).success;
    expect(ok('text/calendar; charset=utf-8')).toBe(true);
    expect(ok('application/pdf')).toBe(true);
    expect(ok('text/html\r\nSet-Cookie: x=1')).toBe(false);
    expect(ok('nonsense')).toBe(false);
  });
});
