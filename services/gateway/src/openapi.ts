import { type HttpRoute, ZApiError } from '@gavel/contracts';
import { z } from 'zod';
import { CSRF_COOKIE, MUTATING_METHODS } from './csrf.js';
import { BODY_LIMIT_BYTES } from './errors.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limit.js';
import { SESSION_COOKIE } from './session.js';

type Json = Record<string, unknown>;
export type JsonSchema = Json;

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, Json>;
  security: Record<string, string[]>[];
  'x-permissions': string[];
  /** The service checks an admin role (admin, site admin or global admin), which no permission names. */
  'x-admin-role'?: true;
  'x-auth': HttpRoute['auth'];
  'x-rate-limit'?: HttpRoute['rateLimit'];
  'x-subject'?: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Json>;
    securitySchemes: Record<string, Json>;
  };
}

const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'The input is invalid; `errors` lists the messages per field.' },
  '401': {
    name: 'Unauthenticated',
    description: 'Not signed in; on a sign-in, the credentials or the code are wrong.',
  },
  '403': { name: 'Forbidden', description: 'Not allowed, or the X-Requested-With header is missing.' },
  '404': { name: 'NotFound', description: 'Not found, or no association is served at this address.' },
  '409': { name: 'Conflict', description: 'The change conflicts with the current state.' },
  '419': { name: 'CsrfMismatch', description: 'The CSRF token header does not match the XSRF-TOKEN cookie.' },
  '413': {
    name: 'PayloadTooLarge',
    description: `The request body is larger than ${BODY_LIMIT_BYTES / 1024} KiB.`,
  },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'The request body is not JSON in UTF-8 (Content-Type: application/json).',
  },
  '422': { name: 'RuleBroken', description: 'The request is well-formed but breaks a rule.' },
  '429': { name: 'TooManyRequests', description: 'Too many attempts; wait for Retry-After seconds.' },
  '500': { name: 'InternalError', description: 'Something went wrong on our side.' },
  '503': { name: 'Unavailable', description: 'A service did not answer in time or is not running.' },
};

/** A zod schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), with `$defs` hoisted to components. */
export function jsonSchemaOf(
  schema: z.ZodType,
  io: 'input' | 'output',
  defs: Record<string, JsonSchema>,
): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  const local = out.$defs as Record<string, JsonSchema> | undefined;
  delete out.$defs;
  if (!local) return out;
  const renamed: Record<string, string> = {};
  for (const name of Object.keys(local)) {
    let unique = name;
    for (let i = 2; unique in defs; i++) unique = `${name}${i}`;
    renamed[name] = unique;
  }
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node && typeof node === 'object') {
      const copy: Json = {};
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
          copy[k] = `#/components/schemas/${renamed[v.slice('#/$defs/'.length)] ?? v.slice(8)}`;
        } else {
          copy[k] = rewrite(v);
        }
      }
      return copy;
    }
    return node;
  };
  for (const [name, def] of Object.entries(local)) defs[renamed[name] as string] = rewrite(def) as JsonSchema;
  return rewrite(out) as JsonSchema;
}

/** `POST /api/admin/users/{id}` → `postAdminUsersById`. */
export function operationId(route: Pick<HttpRoute, 'method' | 'path'>): string {
  const words = route.path
    .split('/')
    .filter((s) => s && s !== 'api')
    .map((s) => (s.startsWith('{') ? `by-${s.slice(1, -1)}` : s))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join('');
}

export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] as string);
}

/** The codes that name a meeting or an email vote: a route's scope is the one in its path. */
const SCOPE_CODES = ['meetingCode', 'voteCode'];

/**
 * Where a non-path field of the input goes. A route of one scope takes no code of the other (a motion call
 * of a meeting refuses a voteCode), so it is not documented at all. Where the path names a committee, `year`
 * is the committee's year, which the API reads from `?year=` on every method. Otherwise a read's input is
 * its query, a change's its body.
 */
function placeOf(name: string, pathNames: readonly string[], mutating: boolean): 'query' | 'body' | null {
  if (SCOPE_CODES.includes(name) && pathNames.some((n) => SCOPE_CODES.includes(n))) return null;
  if (name === 'year' && (pathNames.includes('code') || pathNames.includes('committeeCode'))) return 'query';
  return mutating ? 'body' : 'query';
}

/** Every status a route may answer besides 200 (and 304), from what the gateway and its service check. */
function errorStatuses(route: HttpRoute): string[] {
  const mutating = MUTATING_METHODS.has(route.method);
  const statuses = new Set<string>(['404', '500', '503']);
  if (route.input || mutating) statuses.add('400');
  // A sign-in refuses wrong credentials or a wrong code with 401, as a route needing a session refuses none.
  if (route.auth === 'user' || route.session === 'create') statuses.add('401');
  if (mutating || route.xhrOnly || route.permissions?.length || route.adminRole) statuses.add('403');
  // A sign-in neither conflicts with nor breaks a rule of anything stored.
  if (mutating && route.subject && !route.session) {
    statuses.add('409');
    statuses.add('422');
  }
  if (mutating) {
    // Any mutating request may carry a body, which the gateway reads before the route: too large, or not
    // JSON in UTF-8.
    statuses.add('413');
    statuses.add('415');
    statuses.add('419');
  }
  if (route.rateLimit) statuses.add('429');
  return [...statuses].sort();
}

/** How a rate-limit window reads in a sentence: 60 → 'a minute'. */
function perWindow(seconds: number): string {
  if (seconds === 60) return 'a minute';
  if (seconds === 3600) return 'an hour';
  return seconds % 60 === 0 ? `every ${seconds / 60} minutes` : `every ${seconds} seconds`;
}

/** What a route's rate limit allows, in the words of its description, from the limits in force. */
export function rateLimitText(kind: NonNullable<HttpRoute['rateLimit']>, limits: RateLimits): string {
  const per = perWindow(limits.windowSeconds);
  if (kind === 'login') {
    const { perIp, perEmailPerIp, perEmail } = limits.login;
    return (
      `Rate limited: ${perIp} failed attempts ${per} per client address, ${perEmailPerIp} per email from ` +
      `one client address, and ${perEmail} per email from all addresses together.`
    );
  }
  const { perIp, perTenant } = limits.bypass;
  return `Rate limited: ${perIp} failed attempts ${per} per client address, ${perTenant} per association across all codes.`;
}

function describe(route: HttpRoute, limits: RateLimits): string {
  const lines = [`${route.summary}.`];
  lines.push(route.auth === 'user' ? 'Needs a signed-in session.' : 'Open to everyone.');
  if (route.adminRole) lines.push('Needs an admin role (admin, site admin or global admin).');
  if (route.permissions?.length) {
    const which = route.permissionMode === 'any' ? 'any one of' : 'all of';
    lines.push(`Permissions checked (${which}): ${route.permissions.join(', ')}.`);
  }
  if (route.xhrOnly) lines.push('Has side effects: needs an X-Requested-With header, like a mutating call.');
  if (route.session === 'create') lines.push('Signs in: sets the session cookie and a fresh XSRF-TOKEN.');
  if (route.session === 'destroy') lines.push('Signs out: deletes the session and clears its cookie.');
  if (route.rateLimit) lines.push(rateLimitText(route.rateLimit, limits));
  if (route.personal) lines.push('Personal data: answered with Cache-Control: no-store.');
  return lines.join(' ');
}

function operation(route: HttpRoute, defs: Record<string, JsonSchema>, limits: RateLimits): OpenApiOperation {
  const mutating = MUTATING_METHODS.has(route.method);
  const names = pathParams(route.path);
  const input = route.input ? jsonSchemaOf(route.input, 'input', defs) : null;
  const props = (input?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input?.required ?? []) as string[]);

  const parameters: OpenApiParameter[] = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: props[name] ?? { type: 'string' },
  }));
  let requestBody: OpenApiOperation['requestBody'];
  if (input) {
    const rest: Record<string, JsonSchema> = {};
    for (const [name, schema] of Object.entries(props)) {
      if (names.includes(name)) continue;
      const place = placeOf(name, names, mutating);
      if (place === 'query') parameters.push({ name, in: 'query', required: required.has(name), schema });
      else if (place === 'body') rest[name] = schema;
    }
    if (mutating && (Object.keys(rest).length > 0 || !input.properties)) {
      const body: JsonSchema = input.properties
        ? {
            ...input,
            properties: rest,
            required: [...required].filter((name) => name in rest),
          }
        : input;
      if (Array.isArray(body.required) && body.required.length === 0) delete body.required;
      requestBody = { required: true, content: { 'application/json': { schema: body } } };
    }
  }
  if (mutating || route.xhrOnly) {
    parameters.push({
      name: 'X-Requested-With',
      in: 'header',
      required: true,
      description: 'Any value, e.g. XMLHttpRequest.',
      schema: { type: 'string' },
    });
  }

  const responses: Record<string, Json> = {
    '200': route.file
      ? {
          description:
            'A file download (its Content-Type, and Content-Disposition: attachment with its name)',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        }
      : {
          description: 'OK',
          content: { 'application/json': { schema: jsonSchemaOf(route.reply, 'output', defs) } },
        },
  };
  if (route.method === 'GET' && !route.personal) {
    responses['304'] = { description: 'Not modified: the If-None-Match header names the current ETag' };
  }
  for (const status of errorStatuses(route)) {
    responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status]?.name}` };
  }

  const requirement: Record<string, string[]> = {};
  if (route.auth === 'user') requirement.session = [];
  if (mutating) requirement.csrf = [];

  return {
    operationId: operationId(route),
    summary: route.summary,
    description: describe(route, limits),
    tags: [route.tag],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: Object.keys(requirement).length ? [requirement] : [],
    'x-permissions': [...(route.permissions ?? [])],
    ...(route.adminRole ? { 'x-admin-role': true as const } : {}),
    'x-auth': route.auth,
    ...(route.rateLimit ? { 'x-rate-limit': route.rateLimit } : {}),
    ...(route.subject ? { 'x-subject': route.subject } : {}),
  };
}

export interface OpenApiOptions {
  version?: string;
  /** The rate limits in force, which the sign-in routes describe. */
  limits?: RateLimits;
}

/** The OpenAPI 3.1 document of the JSON API, generated from the route catalogue and its zod schemas. */
export function buildOpenApi(
  routes: readonly HttpRoute[],
  { version = '0.1.0', limits = DEFAULT_RATE_LIMITS }: OpenApiOptions = {},
): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const item = paths[route.path] ?? {};
    item[route.method.toLowerCase()] = operation(route, schemas, limits);
    paths[route.path] = item;
  }
  schemas.ApiError = jsonSchemaOf(ZApiError, 'output', schemas);

  const responses: Record<string, Json> = {};
  for (const [status, { name, description }] of Object.entries(ERROR_RESPONSES)) {
    responses[name] = {
      description,
      ...(status === '429'
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Gavel API',
      version,
      description:
        'The JSON API of Gavel. Errors answer `{ message, errors? }`. Sessions are an httpOnly cookie set by ' +
        `sign-in. Mutating requests need an X-Requested-With header and the value of the ${CSRF_COOKIE} cookie ` +
        'in an X-XSRF-TOKEN (or X-CSRF-TOKEN) header.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Opaque session token, set by sign-in (httpOnly).',
        },
        csrf: {
          type: 'apiKey',
          in: 'header',
          name: 'X-XSRF-TOKEN',
          description: `The value of the ${CSRF_COOKIE} cookie (X-CSRF-TOKEN works too).`,
        },
      },
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function schemaBlock(title: string, schema: unknown): string {
  return `<details><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;
}

/** A self-contained page (no scripts, no external assets) listing every operation of the document. */
export function renderDocsHtml(doc: OpenApiDocument, specUrl = '/api/docs/openapi.json'): string {
  const byTag = new Map<string, { method: string; path: string; op: OpenApiOperation }[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags[0] ?? 'other';
      const list = byTag.get(tag) ?? [];
      list.push({ method: method.toUpperCase(), path, op });
      byTag.set(tag, list);
    }
  }
  const sections = [...byTag.entries()].map(([tag, ops]) => {
    const items = ops.map(({ method, path, op }) => {
      const params = op.parameters.length
        ? `<table><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr>${op.parameters
            .map(
              (p) =>
                `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
            )
            .join('')}</table>`
        : '';
      const body = op.requestBody
        ? schemaBlock('Request body', op.requestBody.content['application/json'].schema)
        : '';
      const ok = (op.responses['200']?.content as Record<string, { schema: unknown }> | undefined)?.[
        'application/json'
      ]?.schema;
      const errors = Object.keys(op.responses)
        .filter((s) => s !== '200')
        .join(', ');
      const permissions = op['x-permissions'].length
        ? op['x-permissions'].map((p) => `<code>${escapeHtml(p)}</code>`).join(' ')
        : op['x-admin-role']
          ? 'an admin role'
          : 'none';
      return `<section class="op" id="${escapeHtml(op.operationId)}">
<h3><span class="m m-${method.toLowerCase()}">${method}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)}</p>
<dl><dt>Sign-in</dt><dd>${op['x-auth'] === 'user' ? 'required' : 'not required'}</dd>
<dt>Permissions</dt><dd>${permissions}</dd>
${op['x-rate-limit'] ? `<dt>Rate limit</dt><dd>${escapeHtml(op['x-rate-limit'])}</dd>` : ''}
<dt>Errors</dt><dd>${errors} <small>(body: <code>{ message, errors? }</code>)</small></dd></dl>
${params}${body}${ok === undefined ? '' : schemaBlock('Response 200', ok)}
</section>`;
    });
    return `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>\n${items.join('\n')}`;
  });
  const toc = [...byTag.keys()]
    .map((t) => `<a href="#tag-${escapeHtml(t)}">${escapeHtml(t)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem 1.5rem;color:#1f2328}
h1{margin-bottom:.2rem}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2rem;margin-top:2rem;text-transform:capitalize}
.op{border:1px solid #d0d7de;border-radius:6px;padding:.6rem 1rem;margin:1rem 0}.op h3{margin:.2rem 0;font-size:1rem}
.m{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .3rem}
.m-get{background:#1f6feb}.m-post{background:#1a7f37}.m-put{background:#9a6700}.m-patch{background:#8250df}.m-delete{background:#cf222e}
dl{display:grid;grid-template-columns:max-content auto;gap:.1rem 1rem;margin:.4rem 0}dt{font-weight:600}dd{margin:0}
pre{background:#f6f8fa;padding:.6rem;overflow:auto;font-size:.8rem}table{border-collapse:collapse;margin:.4rem 0}
td,th{border:1px solid #d0d7de;padding:.2rem .5rem;text-align:left;font-size:.85rem}summary{cursor:pointer}
</style></head><body>
<h1>${escapeHtml(doc.info.title)}</h1>
<p>Version ${escapeHtml(doc.info.version)} · OpenAPI ${doc.openapi} · <a href="${escapeHtml(specUrl)}">openapi.json</a></p>
<p>${escapeHtml(doc.info.description)}</p>
<nav>${toc}</nav>
${sections.join('\n')}
</body></html>
`;
}
