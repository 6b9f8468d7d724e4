import { randomBytes } from 'node:crypto';

/**
 * The Content-Security-Policy of the playground pages: scripts, styles and connections to the
 * service itself only, fonts and images also from `data:` URLs (GraphiQL's stylesheet embeds its
 * fonts). The one `<style>` element GraphiQL adds at run time (scroll locking under its dialogs)
 * carries the page's nonce; nothing else inline runs, and nothing loads from another origin.
 */
export function contentSecurityPolicy(styleNonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${styleNonce}'`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A fresh nonce for one page answer. */
export function styleNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Headers of an HTML page answer. */
export function pageHeaders(nonce: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy(nonce),
    // A fresh nonce per answer; and the GraphQL path answers JSON to other clients.
    'cache-control': 'no-store',
    vary: 'Accept',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
  };
}
