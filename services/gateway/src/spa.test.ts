import { describe, expect, it } from 'vitest';
import { cacheControlFor, withNotifications } from './spa.js';

describe('withNotifications', () => {
  it('puts the notifications into the head for the web app to read', () => {
    const html = '<html><head><title>Gavel</title></head><body></body></html>';
    expect(withNotifications(html, [{ type: 'info', message: 'Hello' }], 'n0nce')).toBe(
      '<html><head><title>Gavel</title><script nonce="n0nce">window.__GAVEL_NOTIFICATIONS__=[{"type":"info","message":"Hello"}];</script></head><body></body></html>',
    );
  });

  it('cannot be broken out of by a message', () => {
    const out = withNotifications(
      '<head></head>',
      [{ type: 'error', message: '</script><script>alert(1)</script>' }],
      'n0nce',
    );
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    expect(out).toContain('\\u003c/script>');
  });
});

describe('withNotifications with replacement patterns', () => {
  it("keeps a message's $' and $& as written", () => {
    const out = withNotifications(
      '<head></head><body>page</body>',
      [{ type: 'info', message: "costs $' and $&" }],
      'n',
    );
    expect(out).toBe(
      `<head><script nonce="n">window.__GAVEL_NOTIFICATIONS__=[{"type":"info","message":"costs $' and $&"}];</script></head><body>page</body>`,
    );
  });
});

describe('cacheControlFor', () => {
  it('caches hashed assets for a year and revalidates the rest', () => {
    expect(cacheControlFor('/assets/index-abc.js')).toMatch(/immutable/);
    expect(cacheControlFor('/favicon.svg')).toBe('no-cache');
  });
});
