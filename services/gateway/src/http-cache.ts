import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import { AppError } from '@gavel/contracts';
import { type ConditionalAnswer, etagOf, ifNoneMatchMatches } from '@gavel/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

const gunzip = promisify(gunzipCallback);
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Conditional GETs for every forwarded GET but the personal ones (see sendUncachedJson): an ETag from a hash of the exact reply bytes, and 304 with no
 * body when the client already holds them. Thousands of clients poll the meeting's retrieve endpoints while
 * realtime is down; an unchanged answer then costs a few bytes on the wire. Replies depend on the caller,
 * so they may only be kept by the browser (private) and must be revalidated every time (no-cache).
 */
function cacheHeaders(reply: FastifyReply, etag: string): FastifyReply {
  return reply.header('etag', etag).header('cache-control', 'private, no-cache');
}

/** Sends `body` with an ETag, or 304 when the request's If-None-Match already names it. */
export function sendConditional(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  contentType: string,
): FastifyReply {
  const etag = etagOf(body);
  cacheHeaders(reply, etag);
  if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(contentType).send(body);
}

/** A JSON reply; GETs (and their HEADs) get an ETag and may answer 304. */
export function sendJson(request: FastifyRequest, reply: FastifyReply, data: unknown): FastifyReply {
  const body = JSON.stringify(data) ?? 'null';
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return reply.type(JSON_TYPE).send(body);
  }
  return sendConditional(request, reply, body, JSON_TYPE);
}

/**
 * A JSON reply the browser may not keep, for personal data (a route's `personal` flag): `no-store` and no
 * ETag, so no copy stays in the browser's disk cache after its user signs out.
 */
export function sendUncachedJson(reply: FastifyReply, data: unknown): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .type(JSON_TYPE)
    .send(JSON.stringify(data) ?? 'null');
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  return (Array.isArray(header) ? header.join(',') : header).split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * A GET's conditional answer: 304 when the service said the caller's copy is current; a prepared answer's
 * gzip bytes as they came when the client takes gzip (unzipped once here when it does not); data as any.
 */
export async function sendConditionalAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ConditionalAnswer<unknown>,
): Promise<FastifyReply> {
  if (answer.kind === 'data') return sendJson(request, reply, answer.data);
  cacheHeaders(reply, answer.etag).header('vary', 'accept-encoding');
  if (answer.kind === 'not_modified' || ifNoneMatchMatches(request.headers['if-none-match'], answer.etag))
    return reply.code(304).send();
  if (acceptsGzip(request.headers['accept-encoding']))
    return reply.header('content-encoding', 'gzip').type(JSON_TYPE).send(answer.gzipped);
  return reply.type(JSON_TYPE).send(await gunzip(answer.gzipped));
}

const TOKEN = "[A-Za-z0-9!#$%&'*+.^_`|~-]+";
const CONTENT_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(\\s*;\\s*${TOKEN}=(${TOKEN}|"[^"\\r\\n\\\\]*"))*$`);

/** What a service answers on a route marked `file: true`. */
export const ZFileReply = z.object({
  filename: z.string().min(1).max(255),
  content_type: z.string().max(255).regex(CONTENT_TYPE),
  body: z.string(),
  /** How `body` is written: text (default) or base64 for binary files. */
  encoding: z.enum(['utf8', 'base64']).optional(),
});
export type TFileReply = z.infer<typeof ZFileReply>;

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(filename: string): string {
  const base = filename.replace(/[/\\]/g, '_');
  const ascii = base.replace(/[^\x20-\x7e]|["%;]/g, '_');
  const encoded = encodeURIComponent(base).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Serves a service's file answer with its Content-Type and a Content-Disposition (GETs also get an ETag). */
export function sendFile(request: FastifyRequest, reply: FastifyReply, data: unknown): FastifyReply {
  const parsed = ZFileReply.safeParse(data);
  if (!parsed.success)
    throw new AppError('internal', 'The service answered a file the gateway cannot serve.');
  const file = parsed.data;
  const body = Buffer.from(file.body, file.encoding === 'base64' ? 'base64' : 'utf8');
  reply.header('content-disposition', contentDisposition(file.filename));
  if (request.method !== 'GET' && request.method !== 'HEAD') return reply.type(file.content_type).send(body);
  return sendConditional(request, reply, body, file.content_type);
}
