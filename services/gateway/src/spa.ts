import { access, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PRELOADED_NOTIFICATIONS_GLOBAL, type TPreloadedNotification } from '@gavel/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentSecurityPolicy, newScriptNonce } from './security-headers.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite puts content-hashed files under /assets; everything else must be revalidated. */
export function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache';
}

export const NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gavel</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2328}</style>
</head><body><h1>The web app is not built</h1>
<p>The gateway is running, but there is no built web app to serve. Run <code>npm run build</code>
(or <code>npm run build -w web</code>) and reload this page.</p></body></html>
`;

/** Serves the built SPA from `webRoot` (files as they are on disk, so a rebuild needs no restart). */
export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: true,
    // `/` goes through the history fallback too, so the page can carry preloaded notifications.
    index: false,
    dotfiles: 'ignore',
    // The build writes .br and .gz copies (web/build/precompress.ts): served as they are, not compressed
    // again per request; a file without copies falls through to @fastify/compress.
    preCompressed: true,
    cacheControl: false,
    suppressWarning: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(`/${relative(webRoot, path).split(sep).join('/')}`));
    },
  });
}

/**
 * index.html with the notifications as a script the web app reads at startup (`<` escaped: no breakout),
 * carrying the nonce the page's Content-Security-Policy allows it by.
 */
export function withNotifications(
  html: string,
  notifications: readonly TPreloadedNotification[],
  nonce: string,
): string {
  const json = JSON.stringify(notifications).replace(/</g, '\\u003c');
  const script = `<script nonce="${nonce}">window.${PRELOADED_NOTIFICATIONS_GLOBAL}=${json};</script>`;
  // A function, not a string: replacement patterns such as $' in a message would splice in the page.
  return html.includes('</head>') ? html.replace('</head>', () => `${script}</head>`) : `${script}${html}`;
}

/**
 * The history fallback: index.html for a page path (with any notifications for this visitor), or a note
 * that the web app is not built yet.
 */
export async function sendSpaIndex(
  reply: FastifyReply,
  webRoot: string,
  notifications: readonly TPreloadedNotification[] = [],
): Promise<FastifyReply> {
  const indexFile = join(webRoot, 'index.html');
  const exists = await access(indexFile).then(
    () => true,
    () => false,
  );
  reply.code(200).header('cache-control', 'no-cache');
  if (!exists) return reply.type('text/html; charset=utf-8').send(NOT_BUILT_HTML);
  if (notifications.length === 0) return reply.sendFile('index.html');
  const html = await readFile(indexFile, 'utf8');
  const nonce = newScriptNonce();
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(nonce))
    .send(withNotifications(html, notifications, nonce));
}
