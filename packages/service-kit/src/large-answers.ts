import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import {
  headers,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import { ifNoneMatchMatches, type PreparedAnswer } from './prepared-answer.js';

/**
 * Answers of any size over NATS, whose server refuses a message over its max_payload (1 MiB by default;
 * a convention's 10,000-member attendance list is some 12 MiB of JSON). An answer from GZIP_FROM_BYTES on
 * is gzipped. One still over max_payload goes in chunks: the first comes as the reply and says how many
 * there are and where the rest wait; the caller asks that instance for the others, in parallel. Small
 * answers (the cast path) are sent as before, in one plain message. A PreparedAnswer goes as its gzip
 * bytes, marked with its ETag, or as "not modified" when the caller said it holds that ETag already.
 */

const GZIP_FROM_BYTES = 64 * 1024;
const CONTENT_ENCODING_HEADER = 'Content-Encoding';
const CHUNKS_HEADER = 'Gavel-Chunks';
/** `{subject} {key}`: where the other chunks of this answer can be asked for. */
const CHUNK_SOURCE_HEADER = 'Gavel-Chunk-Source';
const CHUNK_MISSING_HEADER = 'Gavel-Chunk-Missing';
/** On a request: the ETags the caller holds (an HTTP If-None-Match, passed on). */
export const IF_NONE_MATCH_HEADER = 'Gavel-If-None-Match';
/** On an answer: a PreparedAnswer's ETag; its body is the gzipped JSON of the reply's data. */
const PREPARED_HEADER = 'Gavel-Prepared';
/** On an answer with PREPARED_HEADER and no body: the caller's copy is current. */
const NOT_MODIFIED_HEADER = 'Gavel-Not-Modified';
/** Room left in each chunk for the headers. */
const HEADER_ROOM_BYTES = 4096;
/** How long the other chunks wait for the caller (a caller asks for them at once). */
const PARKED_MS = 30_000;

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** The answering side: encodes an answer, sends it whole or in chunks, and serves the parked chunks. */
export class LargeAnswers {
  private readonly parked = new Map<string, { chunks: Uint8Array[]; left: number }>();
  private sub: Subscription | null = null;

  /** `subject`: this instance's own, where callers ask for parked chunks. */
  constructor(
    private readonly nc: NatsConnection,
    private readonly subject: string,
  ) {}

  /** Starts serving parked chunks. */
  listen(): void {
    this.sub = this.nc.subscribe(this.subject, {
      callback: (_err, msg) => {
        const [key = '', index = ''] = msg.string().split(' ');
        const entry = this.parked.get(key);
        const chunk = entry?.chunks[Number(index)];
        if (!entry || !chunk) {
          const h = headers();
          h.set(CHUNK_MISSING_HEADER, 'true');
          msg.respond(new Uint8Array(0), { headers: h });
          return;
        }
        msg.respond(chunk);
        if (--entry.left === 0) this.parked.delete(key);
      },
    });
  }

  stop(): void {
    this.sub?.unsubscribe();
    this.parked.clear();
  }

  /** Sends `text` as the answer to `msg`: plain, gzipped, or gzipped in chunks. */
  async respond(msg: Msg, text: string): Promise<void> {
    if (text.length < GZIP_FROM_BYTES) {
      msg.respond(text);
      return;
    }
    const h = headers();
    h.set(CONTENT_ENCODING_HEADER, 'gzip');
    this.send(msg, await gzip(text, { level: 1 }), h);
  }

  /** Sends a prepared answer's bytes, or only "not modified" when the request names its ETag. */
  respondPrepared(msg: Msg, answer: PreparedAnswer): void {
    const h = headers();
    h.set(PREPARED_HEADER, answer.etag);
    if (ifNoneMatchMatches(msg.headers?.get(IF_NONE_MATCH_HEADER) || undefined, answer.etag)) {
      h.set(NOT_MODIFIED_HEADER, 'true');
      msg.respond(new Uint8Array(0), { headers: h });
      return;
    }
    h.set(CONTENT_ENCODING_HEADER, 'gzip');
    this.send(msg, answer.gzipped, h);
  }

  /** One message when the body fits under max_payload, else the first chunk and the rest parked. */
  private send(msg: Msg, body: Uint8Array, h: MsgHdrs): void {
    const size = (this.nc.info?.max_payload ?? 1024 * 1024) - HEADER_ROOM_BYTES;
    if (body.length <= size) {
      msg.respond(body, { headers: h });
      return;
    }
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < body.length; at += size) chunks.push(body.subarray(at, at + size));
    const key = randomUUID();
    this.parked.set(key, { chunks, left: chunks.length - 1 });
    setTimeout(() => this.parked.delete(key), PARKED_MS).unref();
    h.set(CHUNKS_HEADER, String(chunks.length));
    h.set(CHUNK_SOURCE_HEADER, `${this.subject} ${key}`);
    msg.respond(chunks[0] as Uint8Array, { headers: h });
  }
}

/** An answer as it arrived: the handler's wire packet, or a prepared answer's bytes or "not modified". */
export type RawAnswer =
  | { kind: 'packet'; packet: unknown }
  | { kind: 'prepared'; etag: string; gzipped: Buffer }
  | { kind: 'not_modified'; etag: string };

/** The calling side: the whole answer, fetching the other chunks and unzipping as the headers say. */
export async function readAnswer(nc: NatsConnection, msg: Msg, timeoutMs: number): Promise<RawAnswer> {
  const hdrs: MsgHdrs | undefined = msg.headers;
  const etag = hdrs?.get(PREPARED_HEADER);
  if (etag && hdrs?.get(NOT_MODIFIED_HEADER)) return { kind: 'not_modified', etag };
  let body = msg.data;
  const count = Number(hdrs?.get(CHUNKS_HEADER) || 1);
  if (count > 1) {
    const [subject = '', key = ''] = (hdrs?.get(CHUNK_SOURCE_HEADER) ?? '').split(' ');
    const rest = await Promise.all(
      Array.from({ length: count - 1 }, async (_, i) => {
        const part = await nc.request(subject, `${key} ${i + 1}`, { timeout: timeoutMs });
        if (part.headers?.get(CHUNK_MISSING_HEADER)) throw new Error('A chunk of the answer is gone.');
        return part.data;
      }),
    );
    body = Buffer.concat([body, ...rest]);
  }
  if (etag)
    return { kind: 'prepared', etag, gzipped: Buffer.from(body.buffer, body.byteOffset, body.length) };
  const text = hdrs?.get(CONTENT_ENCODING_HEADER) === 'gzip' ? (await gunzip(body)).toString('utf8') : body;
  return {
    kind: 'packet',
    packet: typeof text === 'string' ? JSON.parse(text) : JSON.parse(new TextDecoder().decode(text)),
  };
}

/** The data of a prepared answer, for a caller that wants it parsed after all. */
export async function unpackPrepared(gzipped: Buffer): Promise<unknown> {
  return JSON.parse((await gunzip(gzipped)).toString('utf8'));
}
