import type { TApiError } from '@gavel/contracts';
import type { z } from 'zod';
import { noteServerTime } from '@/lib/server-clock';

/** Base path of the JSON API; the gateway serves it at the same origin. */
export const API_BASE = '/api';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
/** The gateway answers 419 when the CSRF token is missing or stale. */
const CSRF_STALE = 419;

/** A failed API call: the HTTP status (0 when no answer arrived) and the server's error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

/**
 * The product's error text rule: the server's message when it is a non-empty string, else the fallback.
 */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message.trim() !== '') return err.message;
  return fallback;
}

/** The first message of each field, for showing under each input. */
export function firstMessages(errors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first) out[field] = first;
  }
  return out;
}

/** The per-field messages of a failed call (empty for anything but a validation failure). */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  return err instanceof ApiError ? firstMessages(err.errors) : {};
}

/** Value of a cookie readable by scripts, URI-decoded. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

function isMutating(method: Method): boolean {
  return method !== 'GET';
}

function buildHeaders(method: Method, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (isMutating(method)) {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers.set(CSRF_HEADER, token);
  }
  return headers;
}

async function send(path: string, method: Method, options: RequestOptions): Promise<Response> {
  const hasBody = options.body !== undefined;
  try {
    const sentAt = Date.now();
    const response = await fetch(`${API_BASE}${path}`, {
      method,
      headers: buildHeaders(method, hasBody),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
    // Every answer is a reading of the server's clock (votes run on it, not on the device's).
    noteServerTime(response.headers, sentAt, Date.now());
    return response;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, '');
  }
}

/** Any GET answer makes the gateway (re)issue the CSRF cookie; /api/me is the cheapest. */
async function refreshCsrfCookie(signal?: AbortSignal): Promise<void> {
  try {
    await fetch(`${API_BASE}/me`, {
      method: 'GET',
      headers: buildHeaders('GET', false),
      credentials: 'same-origin',
      signal,
    });
  } catch {
    // The retry that follows reports the failure.
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The error of a failed answer. Its message is the body's `message`, or the body itself when it is a
 * string (JSON, or plain text); an HTML page (a proxy's error page) has none, so the fallback shows.
 */
function toApiError(status: number, body: unknown, contentType: string): ApiError {
  if (body && typeof body === 'object') {
    const { message, errors } = body as Partial<TApiError>;
    return new ApiError(
      status,
      typeof message === 'string' ? message : '',
      errors && typeof errors === 'object' ? errors : {},
    );
  }
  const textual = contentType.includes('application/json') || contentType.includes('text/plain');
  return new ApiError(status, typeof body === 'string' && textual ? body : '');
}

/**
 * Calls the JSON API: sends X-Requested-With on every request and the CSRF header on mutating ones,
 * retries once after refreshing the CSRF cookie when the gateway answers 419, and throws ApiError on
 * any non-2xx answer. Resolves to the parsed JSON body (undefined for an empty body).
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  if (isMutating(method) && readCookie(CSRF_COOKIE) === null) await refreshCsrfCookie(options.signal);

  let response = await send(path, method, options);
  if (response.status === CSRF_STALE) {
    await refreshCsrfCookie(options.signal);
    response = await send(path, method, options);
  }

  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body, response.headers.get('Content-Type') ?? '');
  return body;
}

/** JSON API calls whose answers are checked against their contract schema. */
export const api = {
  get: <S extends z.ZodType>(schema: S, path: string, signal?: AbortSignal): Promise<z.output<S>> =>
    apiRequest(path, { method: 'GET', signal }).then((body) => schema.parse(body)),
  post: <S extends z.ZodType>(schema: S, path: string, body?: unknown): Promise<z.output<S>> =>
    apiRequest(path, { method: 'POST', body }).then((answer) => schema.parse(answer)),
  put: <S extends z.ZodType>(schema: S, path: string, body?: unknown): Promise<z.output<S>> =>
    apiRequest(path, { method: 'PUT', body }).then((answer) => schema.parse(answer)),
  patch: <S extends z.ZodType>(schema: S, path: string, body?: unknown): Promise<z.output<S>> =>
    apiRequest(path, { method: 'PATCH', body }).then((answer) => schema.parse(answer)),
  delete: <S extends z.ZodType>(schema: S, path: string): Promise<z.output<S>> =>
    apiRequest(path, { method: 'DELETE' }).then((answer) => schema.parse(answer)),
};
