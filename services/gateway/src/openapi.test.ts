import { HTTP_ROUTES, type HttpRoute } from '@gavel/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApi, operationId, pathParams, renderDocsHtml } from './openapi.js';

describe('buildOpenApi', () => {
  const routes = HTTP_ROUTES;
  const doc = buildOpenApi(routes);
  const statusesOf = (path: string, method: string) =>
    Object.keys(doc.paths[path]?.[method]?.responses ?? {});

  it('is an OpenAPI 3.1 document with every catalogue route', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const route of HTTP_ROUTES) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op?.summary).toBe(route.summary);
      expect(op?.tags).toEqual([route.tag]);
      expect(op?.responses['200']).toBeDefined();
    }
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says when any one of a route's permissions is enough, naming each once", () => {
    const list = doc.paths['/api/admin/{year}/committees']?.get?.description ?? '';
    expect(list).toContain('Permissions checked (any one of): create committees, edit committees,');
    const committee = doc.paths['/api/admin/committee/{code}']?.get?.description ?? '';
    expect(committee.match(/edit committees/g)).toHaveLength(1);
    expect(doc.paths['/api/admin/set-year']?.post?.description).toContain(
      'Permissions checked (all of): create committees.',
    );
  });

  it('describes the cookie session, CSRF and the error shape', () => {
    expect(doc.components.securitySchemes.session).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'gavel_session' }),
    );
    expect(doc.components.schemas.ApiError).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    });
    const me = doc.paths['/api/me']?.get;
    expect(me?.security).toEqual([{ session: [] }]);
    expect(me?.responses['401']).toEqual({ $ref: '#/components/responses/Unauthenticated' });
    const login = doc.paths['/api/auth/login']?.post;
    expect(login?.security).toEqual([{ csrf: [] }]);
    expect(Object.keys(login?.responses ?? {})).toEqual(expect.arrayContaining(['400', '403', '419', '429']));
    expect(login?.parameters.find((p) => p.name === 'X-Requested-With')?.required).toBe(true);
    expect(doc.components.responses.TooManyRequests).toMatchObject({ headers: { 'Retry-After': {} } });
  });

  it('lists exactly the statuses a route answers', () => {
    // A sign-in: 401 for wrong credentials or a wrong code, 413/415 for its body, 429 when limited.
    const signIn = ['200', '400', '401', '403', '404', '413', '415', '419', '429', '500', '503'];
    expect(statusesOf('/api/auth/login', 'post')).toEqual(signIn);
    expect(statusesOf('/api/auth/bypass', 'post')).toEqual(signIn);
    // Identity checks an admin role here, which no declared permission says: 403.
    // Personal data is never kept by the browser, so never revalidated: no 304.
    expect(statusesOf('/api/admin/users/{id}', 'get')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '500',
      '503',
    ]);
    expect(statusesOf('/api/admin/users/{id}', 'put')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '419',
      '422',
      '500',
      '503',
    ]);
    expect(statusesOf('/api/me', 'get')).toEqual(['200', '401', '404', '500', '503']);
    expect(statusesOf('/api/meeting/{committeeCode}/{meetingCode}/retrieve/meeting', 'get')).toEqual([
      '200',
      '304',
      '400',
      '401',
      '404',
      '500',
      '503',
    ]);
  });

  it('documents 413 and 415 on every route that takes a body, and on no other', () => {
    for (const route of HTTP_ROUTES) {
      const statuses = statusesOf(route.path, route.method.toLowerCase());
      const takesBody = route.method !== 'GET';
      expect(statuses.includes('413'), `${route.method} ${route.path}`).toBe(takesBody);
      expect(statuses.includes('415'), `${route.method} ${route.path}`).toBe(takesBody);
    }
    expect(doc.components.responses.PayloadTooLarge).toMatchObject({
      description: expect.stringContaining('512 KiB'),
    });
    expect(doc.components.responses.UnsupportedMediaType).toBeDefined();
  });

  it('says which routes need an admin role, declared on the route', () => {
    const get = doc.paths['/api/admin/users/{id}']?.get;
    expect(get?.['x-admin-role']).toBe(true);
    expect(get?.description).toContain('Needs an admin role');
    expect(renderDocsHtml(doc)).toContain('<dt>Permissions</dt><dd>an admin role</dd>');
    expect(doc.paths['/api/me']?.get?.['x-admin-role']).toBeUndefined();
    const route: HttpRoute = {
      method: 'GET',
      path: '/api/things',
      summary: 'Things',
      tag: 'things',
      subject: 'things.list',
      auth: 'user',
      reply: z.object({}),
      adminRole: true,
    };
    expect(Object.keys(buildOpenApi([route]).paths['/api/things']?.get?.responses ?? {})).toContain('403');
  });

  it('describes the rate limits in force', () => {
    expect(doc.paths['/api/auth/login']?.post?.description).toContain(
      'Rate limited: 10 failed attempts a minute per client address, 5 per email from one client address, ' +
        'and 50 per email from all addresses together.',
    );
    expect(doc.paths['/api/auth/bypass']?.post?.description).toContain(
      'Rate limited: 5 failed attempts a minute per client address, 30 per association across all codes.',
    );
    const limits = {
      login: { perIp: 7, perEmailPerIp: 3, perEmail: 40 },
      bypass: { perIp: 4, perTenant: 20 },
      windowSeconds: 120,
    };
    const other = buildOpenApi(routes, { limits });
    expect(other.paths['/api/auth/login']?.post?.description).toContain(
      'Rate limited: 7 failed attempts every 2 minutes per client address, 3 per email from one client ' +
        'address, and 40 per email from all addresses together.',
    );
    expect(other.paths['/api/auth/bypass']?.post?.description).toContain('4 failed attempts every 2 minutes');
  });

  it('documents the X-Requested-With header a GET with side effects needs', () => {
    const join = doc.paths['/api/meeting/{committeeCode}/{meetingCode}/join']?.get;
    expect(join?.parameters.find((p) => p.name === 'X-Requested-With')?.required).toBe(true);
    expect(join?.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(join?.description).toContain('X-Requested-With');
    expect(join?.security).toEqual([{ session: [] }]);
    const me = doc.paths['/api/me']?.get;
    expect(me?.parameters.find((p) => p.name === 'X-Requested-With')).toBeUndefined();
  });

  it('puts path parameters in the path and the rest in the body, from the input schema', () => {
    const put = doc.paths['/api/admin/users/{id}']?.put;
    expect(put?.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'string' },
    });
    const body = put?.requestBody?.content['application/json'].schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(body.properties).not.toHaveProperty('id');
    expect(body.properties).toHaveProperty('email');
    expect(body.required).toEqual(expect.arrayContaining(['first_name', 'last_name', 'email', 'roles']));
    expect(body.required).not.toContain('id');
    const login = doc.paths['/api/auth/login']?.post?.requestBody?.content['application/json'].schema;
    expect(login).toMatchObject({ properties: { email: { type: 'string' }, password: { type: 'string' } } });
    expect(login).not.toHaveProperty('$schema');
  });

  it("documents a committee's ?year= as a query parameter on changes too, and no code of another scope", () => {
    const create = doc.paths['/api/admin/committee/{committeeCode}/meeting']?.post;
    expect(create?.parameters.find((p) => p.name === 'year')).toMatchObject({ in: 'query', required: false });
    const body = (o: typeof create) =>
      (o?.requestBody?.content['application/json'].schema as { properties?: Record<string, unknown> })
        ?.properties;
    expect(body(create)).not.toHaveProperty('year');
    expect(body(create)).toHaveProperty('name');
    // set-year's year is what it sets: its body.
    expect(body(doc.paths['/api/admin/set-year']?.post)).toHaveProperty('year');
    const meetingMotion =
      doc.paths['/api/admin/committee/{committeeCode}/meeting/{meetingCode}/motion']?.post;
    const voteMotion = doc.paths['/api/admin/committee/{committeeCode}/vote/{voteCode}/motion']?.post;
    expect(body(meetingMotion)).not.toHaveProperty('voteCode');
    expect(body(voteMotion)).not.toHaveProperty('meetingCode');
    expect(body(voteMotion)).toHaveProperty('name');
    const motions = doc.paths['/api/meeting/{committeeCode}/{meetingCode}/retrieve/motions']?.get;
    expect(motions?.parameters.map((p) => p.name)).not.toContain('voteCode');
  });

  it('puts the input of a read in the query and documents permissions', () => {
    const route: HttpRoute = {
      method: 'GET',
      path: '/api/things/{id}',
      summary: 'A thing',
      tag: 'things',
      subject: 'things.get',
      auth: 'user',
      input: z.object({ id: z.string(), page: z.coerce.number().int().optional() }),
      reply: z.object({ id: z.string() }),
      permissions: ['create meetings'],
    };
    const op = buildOpenApi([route]).paths['/api/things/{id}']?.get;
    expect(op?.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['id', 'path', true],
      ['page', 'query', false],
    ]);
    expect(op?.requestBody).toBeUndefined();
    expect(op?.['x-permissions']).toEqual(['create meetings']);
    expect(op?.description).toContain('create meetings');
  });

  it('hoists shared definitions of recursive schemas into components', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const ZNode: z.ZodType<Node> = z.object({ name: z.string(), children: z.array(z.lazy(() => ZNode)) });
    const route: HttpRoute = {
      method: 'GET',
      path: '/api/tree',
      summary: 'Tree',
      tag: 'tree',
      subject: 'tree.get',
      auth: 'public',
      reply: z.object({ root: ZNode }),
    };
    const tree = buildOpenApi([route]);
    const text = JSON.stringify(tree);
    expect(text).not.toContain('#/$defs/');
    expect(text).toContain('"$ref":"#/components/schemas/');
    for (const ref of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(tree.components.schemas).toHaveProperty(ref[1] as string);
    }
  });
});

describe('helpers', () => {
  it('names operations after method and path', () => {
    expect(operationId({ method: 'PUT', path: '/api/admin/users/{id}' })).toBe('putAdminUsersById');
    expect(operationId({ method: 'POST', path: '/api/auth/login' })).toBe('postAuthLogin');
  });

  it('lists path parameters', () => {
    expect(pathParams('/api/meeting/{committeeCode}/{meetingCode}')).toEqual([
      'committeeCode',
      'meetingCode',
    ]);
  });
});

describe('renderDocsHtml', () => {
  it('lists every operation with no external assets and escapes text', () => {
    const html = renderDocsHtml(buildOpenApi(HTTP_ROUTES));
    for (const route of HTTP_ROUTES) {
      expect(html).toContain(`<code>${route.path}</code>`);
      expect(html).toContain(route.summary.replaceAll("'", '&#39;'));
    }
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toContain('<script');

    const evil = renderDocsHtml(
      buildOpenApi([{ ...(HTTP_ROUTES[0] as HttpRoute), summary: '<img src=x onerror=alert(1)>' }]),
    );
    expect(evil).not.toContain('<img');
  });
});
