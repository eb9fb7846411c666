import { describe, expect, it } from 'vitest';
import { cacheControlFor, withNotifications } from './spa.js';

describe('withNotifications', () => {
  it('puts the notifications into the head for the web app to read', () => {
    const html = '<html><head><title>Gavel</title></head><body></body></html>';
    expect(withNotifications(html, [{ type: 'info', message: 'Hello' }])).toBe(
      '<html><head><title>Gavel</title><script>window.__GAVEL_NOTIFICATIONS__=[{"type":"info","message":"Hello"}];</script></head><body></body></html>',
    );
  });

  it('cannot be broken out of by a message', () => {
    const out = withNotifications('<head></head>', [
      { type: 'error', message: '</script><script>alert(1)</script>' },
    ]);
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    expect(out).toContain('\\u003c/script>');
  });
});

describe('cacheControlFor', () => {
  it('caches hashed assets for a year and revalidates the rest', () => {
    expect(cacheControlFor('/assets/index-abc.js')).toMatch(/immutable/);
    expect(cacheControlFor('/favicon.svg')).toBe('no-cache');
  });
});
