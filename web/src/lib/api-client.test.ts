import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, api, apiRequest, errorText, fieldErrorsOf, readCookie } from '@/lib/api-client';
import { setCookie } from '@/test/cookies';
import { json, mockFetch } from '@/test/fetch-mock';

const ZThing = z.object({ id: z.string() });

describe('apiRequest', () => {
  it('sends X-Requested-With on every request and no CSRF header on a GET', async () => {
    setCookie('XSRF-TOKEN', 'abc');
    const fetchMock = mockFetch({ 'GET /api/things/1': { body: { id: '1' } } });
    await expect(api.get(ZThing, '/things/1')).resolves.toEqual({ id: '1' });
    const [request] = fetchMock.requests();
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(request?.headers.get('Accept')).toBe('application/json');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'sends the URI-decoded XSRF-TOKEN cookie as X-XSRF-TOKEN on %s',
    async (method) => {
      setCookie('other', 'x');
      setCookie('XSRF-TOKEN', 'eyJpdiI6%3D%3D');
      const fetchMock = mockFetch({ [`${method} /api/things`]: { body: { ok: true } } });
      await apiRequest('/things', { method, body: method === 'DELETE' ? undefined : { a: 1 } });
      const [request] = fetchMock.requests();
      expect(request?.method).toBe(method);
      expect(request?.headers.get('X-XSRF-TOKEN')).toBe('eyJpdiI6==');
      expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    },
  );

  it('sends JSON and parses the JSON answer', async () => {
    setCookie('XSRF-TOKEN', 't');
    const fetchMock = mockFetch({ 'PUT /api/things/1': ({ body }) => ({ body: { id: String(body) } }) });
    await api.put(ZThing, '/things/1', 'new');
    const [request] = fetchMock.requests();
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.body).toBe('new');
  });

  it('fetches the CSRF cookie first when a mutating call has none yet', async () => {
    const fetchMock = mockFetch({
      'GET /api/me': () => {
        setCookie('XSRF-TOKEN', 'fresh');
        return { status: 401, body: { message: 'Unauthenticated.' } };
      },
      'POST /api/auth/login': { body: { id: 'u' } },
    });
    await api.post(ZThing, '/auth/login', { email: 'a@b.c', password: 'x' });
    expect(fetchMock.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/me',
      'POST /api/auth/login',
    ]);
    expect(fetchMock.requests()[1]?.headers.get('X-XSRF-TOKEN')).toBe('fresh');
  });

  it('on 419 refreshes the cookie with GET /api/me and retries once with the new token', async () => {
    setCookie('XSRF-TOKEN', 'stale');
    const fetchMock = mockFetch({
      'POST /api/things': ({ headers }) =>
        headers.get('X-XSRF-TOKEN') === 'fresh'
          ? { body: { id: 'ok' } }
          : { status: 419, body: { message: 'CSRF token mismatch.' } },
      'GET /api/me': () => {
        setCookie('XSRF-TOKEN', 'fresh');
        return { status: 200, body: {} };
      },
    });
    await expect(api.post(ZThing, '/things', {})).resolves.toEqual({ id: 'ok' });
    expect(fetchMock.requests().map((r) => `${r.method} ${r.path} ${r.headers.get('X-XSRF-TOKEN')}`)).toEqual(
      ['POST /api/things stale', 'GET /api/me null', 'POST /api/things fresh'],
    );
  });

  it('retries a 419 only once', async () => {
    setCookie('XSRF-TOKEN', 'stale');
    const fetchMock = mockFetch({
      'POST /api/things': { status: 419, body: { message: 'CSRF token mismatch.' } },
      'GET /api/me': { status: 200, body: {} },
    });
    const error = await api.post(ZThing, '/things', {}).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(419);
    expect(fetchMock.requestsTo('POST /api/things')).toHaveLength(2);
  });

  it('throws ApiError with the status, message and field errors of a failed call', async () => {
    setCookie('XSRF-TOKEN', 't');
    mockFetch({
      'POST /api/auth/login': {
        status: 400,
        body: { message: 'The given data was invalid.', errors: { email: ['The email field is required.'] } },
      },
    });
    const error = (await apiRequest('/auth/login', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('The given data was invalid.');
    expect(error.errors).toEqual({ email: ['The email field is required.'] });
    expect(fieldErrorsOf(error)).toEqual({ email: 'The email field is required.' });
  });

  it("throws ApiError with an empty message for an HTML error page (a proxy's)", async () => {
    mockFetch({
      'GET /api/things': new Response('<h1>Bad gateway</h1>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      }),
    });
    const error = (await apiRequest('/things').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe('');
    expect(errorText(error, 'Fallback')).toBe('Fallback');
  });

  it.each([
    [
      'a JSON string',
      new Response('"Quorum not met"', { status: 422, headers: { 'Content-Type': 'application/json' } }),
    ],
    [
      'plain text',
      new Response('Quorum not met', {
        status: 422,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      }),
    ],
  ])("takes an error body that is %s as the server's message", async (_kind, response) => {
    mockFetch({ 'GET /api/things': response });
    const error = (await apiRequest('/things').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(errorText(error, 'Fallback')).toBe('Quorum not met');
  });

  it('turns a network failure into ApiError with status 0', async () => {
    const fetchMock = mockFetch();
    fetchMock.fn.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = (await apiRequest('/things').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
  });

  it('resolves to undefined for an empty answer', async () => {
    mockFetch({ 'GET /api/empty': new Response(null, { status: 204 }) });
    await expect(apiRequest('/empty')).resolves.toBeUndefined();
  });

  it('rejects an answer that does not match the contract', async () => {
    mockFetch({ 'GET /api/things/1': json(200, { id: 1 }) });
    await expect(api.get(ZThing, '/things/1')).rejects.toBeInstanceOf(z.ZodError);
  });
});

describe('errorText', () => {
  it("is the server's message when it is a non-empty string", () => {
    expect(errorText(new ApiError(422, 'Code expired.'), 'Please try again...')).toBe('Code expired.');
  });

  it('is the fallback for an empty or blank message', () => {
    expect(errorText(new ApiError(422, ''), 'Please try again...')).toBe('Please try again...');
    expect(errorText(new ApiError(500, '   '), 'Please try again...')).toBe('Please try again...');
  });

  it('is the fallback for anything that is not a server answer', () => {
    expect(errorText(new Error('TypeError: x is undefined'), 'Fallback')).toBe('Fallback');
    expect(errorText('boom', 'Fallback')).toBe('Fallback');
    expect(errorText(undefined, 'Fallback')).toBe('Fallback');
  });
});

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    setCookie('a', '1');
    setCookie('XSRF-TOKEN', 'x%2By%3D');
    expect(readCookie('XSRF-TOKEN')).toBe('x+y=');
    expect(readCookie('missing')).toBeNull();
  });
});
