import { describe, expect, it } from 'vitest';
import { methodNotAllowedMessage, methodsServing } from './method-not-allowed.js';

const methodsAt = methodsServing([
  { method: 'GET', path: '/api/admin/committee/{code}' },
  { method: 'PUT', path: '/api/admin/committee/{code}' },
  { method: 'POST', path: '/api/admin/committee/{code}/member' },
  { method: 'GET', path: '/api/docs/openapi.json' },
]);

describe('methodsServing', () => {
  it('answers the methods of every route whose path the concrete path fills, HEAD with GET', () => {
    expect(methodsAt('/api/admin/committee/FIN').sort()).toEqual(['GET', 'HEAD', 'PUT']);
    expect(methodsAt('/api/admin/committee/FIN/member')).toEqual(['POST']);
  });

  it('answers none where no route fits: a parameter is one path segment, the rest is literal', () => {
    expect(methodsAt('/api/admin/committee/FIN/extra/member')).toEqual([]);
    expect(methodsAt('/api/admin/committee/')).toEqual([]);
    expect(methodsAt('/api/docs/openapiXjson')).toEqual([]);
  });

  it('says which methods to use instead', () => {
    expect(methodNotAllowedMessage('PATCH', ['GET', 'PUT', 'HEAD'])).toBe(
      'This address does not take PATCH: use GET or PUT.',
    );
  });
});
