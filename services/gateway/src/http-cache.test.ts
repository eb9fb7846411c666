import { describe, expect, it } from 'vitest';
import { acceptsGzip, contentDisposition, ZFileReply } from './http-cache.js';

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

describe('acceptsGzip', () => {
  it('takes gzip by name or *, unless its q-value is 0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
  });
  it('refuses no header, identity, other codings and q=0', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0.000')).toBe(false);
    expect(acceptsGzip('x-gzip')).toBe(false);
  });
});
