import { STATUS_CODES } from 'node:http';
import { AppError, statusForCode, type TApiError } from '@gavel/contracts';
import type { Logger } from '@gavel/service-kit';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The largest request body: half of NATS's default max_payload (1 MiB), so a body the gateway accepts
 * always fits, with its context, in the one message that carries it to a service (a larger one could only
 * fail there, as a service "not reached"). The largest real inputs (100,000-character texts) fit.
 */
export const BODY_LIMIT_BYTES = 512 * 1024;

/** Every message the gateway itself answers with, in one place. */
export const MESSAGES = {
  notFound: 'Not found.',
  unknownHost: 'No association is served at this address.',
  unauthenticated: 'Unauthenticated.',
  requestedWith: 'Requests must carry the X-Requested-With header.',
  csrf: 'CSRF token mismatch. Please refresh the page and try again.',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  invalid: 'The given data was invalid.',
  internal: 'Something went wrong on our side. Please try again.',
  badJson: 'The request body is not valid JSON.',
  notAnObject: 'The request body must be a JSON object.',
  badUrl: 'The address is not valid (bad percent-encoding).',
  nulCharacter: 'Text may not contain NUL characters.',
  notUnicode: 'Text must be valid Unicode.',
  tooLarge: `The request body is too large (at most ${BODY_LIMIT_BYTES / 1024} KiB).`,
  tooDeep: 'The request body nests objects or arrays too deeply.',
  notUtf8: 'The request body is not valid UTF-8.',
  notUtf8Charset: 'The request body must be JSON in UTF-8 (charset=utf-8).',
  headersTooLarge: 'The request headers or address are too long.',
  requestTimeout: 'The request took too long to arrive.',
  unreadable: 'The request could not be read.',
  unsupportedType: 'The request body must be JSON (Content-Type: application/json).',
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  websocketOnly: 'Live updates use WebSocket connections only.',
} as const;

/** A body the gateway refuses before parsing it as JSON: answered like Fastify's own body errors. */
export function bodyError(message: string, statusCode = 400): Error & { statusCode: number; code: string } {
  return Object.assign(new Error(message), { statusCode, code: 'GAVEL_BAD_BODY' });
}

/** A JSON body nested deeper than the gateway accepts. */
export function tooDeepError(): Error & { statusCode: number; code: string } {
  return bodyError(MESSAGES.tooDeep);
}

/**
 * The raw HTTP answer to a request Node could not even parse (headers or address too long, a request that
 * never finished arriving, malformed HTTP): no route or hook runs, so it is written to the socket here, in
 * the API's error shape.
 */
export function clientErrorAnswer(code: string | undefined): string {
  const [status, message] =
    code === 'HPE_HEADER_OVERFLOW'
      ? [431, MESSAGES.headersTooLarge]
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MESSAGES.requestTimeout]
        : [400, MESSAGES.unreadable];
  const body = JSON.stringify({ message } satisfies TApiError);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  errors?: Record<string, string[]>,
): FastifyReply {
  const body: TApiError = errors ? { message, errors } : { message };
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

/** The HTTP answer for anything thrown: AppError codes map to statuses; unknown errors never show a stack. */
export function errorResponse(err: unknown): { status: number; body: TApiError; unexpected: boolean } {
  if (err instanceof AppError) {
    const body: TApiError = err.errors
      ? { message: err.message, errors: err.errors }
      : { message: err.message };
    return { status: statusForCode(err.code), body, unexpected: false };
  }
  const fe = err as Partial<FastifyError> | undefined;
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { status, body: { message: clientErrorMessage(fe) }, unexpected: false };
  }
  return { status: 500, body: { message: MESSAGES.internal }, unexpected: true };
}

function clientErrorMessage(err: Partial<FastifyError> | undefined): string {
  switch (err?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return MESSAGES.badJson;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.badJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.tooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return MESSAGES.unsupportedType;
    default:
      // Other request errors (bad headers, unsupported methods) carry a message about the request itself.
      return err?.message || MESSAGES.invalid;
  }
}

export function errorHandler(logger: Logger) {
  return (err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, unexpected } = errorResponse(err);
    if (unexpected) {
      logger.error(
        { err, requestId: request.id, method: request.method, url: request.url },
        'unhandled error',
      );
    }
    return sendError(reply, status, body.message, body.errors);
  };
}
