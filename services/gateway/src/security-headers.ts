import { randomBytes } from 'node:crypto';

/**
 * The Content-Security-Policy the built SPA works under, and no more: scripts only from its own files
 * (plus, by nonce, the one inline script the gateway adds: the preloaded notifications); styles from its
 * files and inline (tiptap, Radix and sonner write style attributes and elements); images from its own
 * origin, data: and blob: URLs, and any https host (users' profile pictures live anywhere); fonts from
 * its files and data: URLs; API calls and socket.io's websocket (ws/wss) to its own origin only; no
 * plugins, no <base> elsewhere, forms posting to itself only, and no framing by any site.
 */
export function contentSecurityPolicy(scriptNonce?: string): string {
  return [
    "default-src 'self'",
    scriptNonce ? `script-src 'self' 'nonce-${scriptNonce}'` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A fresh nonce for one page's inline script. */
export function newScriptNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Headers every answer carries (HSTS is added behind TLS only). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy(),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  // For browsers without CSP frame-ancestors: no site may frame the app (clickjacking).
  'x-frame-options': 'DENY',
  // A window the app opens, or that opens it, gets no handle on the other.
  'cross-origin-opener-policy': 'same-origin',
};
