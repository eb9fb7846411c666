import { type Mock, vi } from 'vitest';

/** One request the app made, as the server would see it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Reply = Response | { status?: number; body?: unknown };
type Handler = Reply | ((request: SeenRequest) => Reply | Promise<Reply>);

/** A JSON response like the gateway's. */
export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function toResponse(reply: Reply): Response {
  return reply instanceof Response ? reply : json(reply.status ?? 200, reply.body);
}

function toSeen(input: RequestInfo | URL, init: RequestInit = {}): SeenRequest {
  const url = new URL(
    typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    'http://gavel.test',
  );
  const raw = init.body;
  return {
    method: (init.method ?? 'GET').toUpperCase(),
    path: url.pathname + url.search,
    headers: new Headers(init.headers),
    body: typeof raw === 'string' && raw !== '' ? JSON.parse(raw) : undefined,
  };
}

export interface FetchMock {
  fn: Mock<typeof fetch>;
  /** Every request so far, in order. */
  requests: () => SeenRequest[];
  /** The requests to one route, e.g. 'POST /api/auth/bypass'. */
  requestsTo: (route: string) => SeenRequest[];
  /** Replace or add a route's answer. */
  on: (route: string, handler: Handler) => void;
}

/**
 * Replaces the global fetch (the app's only boundary) with routes keyed 'METHOD /path'.
 * A request to an unknown route fails the test loudly with a 599 answer naming the route.
 */
export function mockFetch(routes: Record<string, Handler> = {}): FetchMock {
  const table = new Map(Object.entries(routes));
  const seen: SeenRequest[] = [];
  const fn = vi.fn<typeof fetch>(async (input, init) => {
    const request = toSeen(input, init);
    seen.push(request);
    const route = `${request.method} ${request.path.split('?')[0]}`;
    const handler = table.get(route);
    if (handler === undefined) return json(599, { message: `No mock for ${route}` });
    return toResponse(typeof handler === 'function' ? await handler(request) : handler);
  });
  vi.stubGlobal('fetch', fn);
  return {
    fn,
    requests: () => [...seen],
    requestsTo: (route) =>
      seen.filter((request) => `${request.method} ${request.path.split('?')[0]}` === route),
    on: (route, handler) => {
      table.set(route, handler);
    },
  };
}
