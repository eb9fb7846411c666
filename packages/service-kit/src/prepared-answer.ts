import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);

/**
 * An ETag from a hash of the exact answer bytes: the gateway's for every GET, and a prepared answer's,
 * which is the same answer encoded once.
 */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** RFC 9110 weak comparison of an If-None-Match header against an ETag (`*` matches anything). */
export function ifNoneMatchMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const values = (Array.isArray(header) ? header.join(',') : header).split(',');
  const ours = etag.replace(/^W\//, '');
  return values.some((raw) => {
    const value = raw.trim();
    return value === '*' || value.replace(/^W\//, '') === ours;
  });
}

/**
 * A large reply encoded once and served to many callers as it is: its JSON text gzipped, and its ETag.
 * A handler returns one where thousands ask for the same answer (a convention's attendance list): the
 * service then neither encodes nor compresses it per request, the gateway passes the gzip bytes to the
 * browser untouched, and a caller that holds the ETag already gets "not modified" with no body at all.
 */
export class PreparedAnswer {
  private constructor(
    readonly etag: string,
    readonly gzipped: Buffer,
  ) {}

  /** `data` must already be the reply as its schema gives it: nothing checks it again on the way. */
  static async of(data: unknown): Promise<PreparedAnswer> {
    const text = JSON.stringify(data) ?? 'null';
    // Level 1: an answer that changes during a check-in burst is encoded again for each change.
    return new PreparedAnswer(etagOf(text), await gzip(text, { level: 1 }));
  }

  get bytes(): number {
    return this.gzipped.length;
  }
}

/** What a GET with a held ETag may get back: the data, the prepared bytes, or "your copy is current". */
export type ConditionalAnswer<T> =
  | { kind: 'data'; data: T }
  | { kind: 'prepared'; etag: string; gzipped: Buffer }
  | { kind: 'not_modified'; etag: string };
