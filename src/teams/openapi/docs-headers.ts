/**
 * The security headers of the Swagger UI at `/api/docs`, as the content playground's pages have
 * them (content/playground/page-headers.ts; the teams module may not import content): scripts,
 * styles and connections to the service itself only (the page's start script is a served file,
 * not inline), images also from `data:` URLs (Swagger UI's stylesheet embeds its icons), no
 * framing, no MIME sniffing. Styles may be inline: Swagger UI adds a `<style>` element at run time
 * and, unlike GraphiQL, cannot be given a nonce; inline styles cannot run code.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of every `/api/docs` answer (the page and its assets). */
export const DOCS_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': DOCS_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};
