import { extname } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/vnd.microsoft.icon',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
};

/** The Content-Type for a file name; unknown extensions are opaque bytes. */
export function contentTypeOf(filename: string): string {
  return TYPES[extname(filename).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Files a browser would run as a document (scripts in SVG or HTML): uploaded content must not get
 * the site's origin, so these are served sandboxed.
 */
export function isActiveContent(contentType: string): boolean {
  return /^(image\/svg\+xml|text\/html|application\/xml)/.test(contentType);
}

/** What a sandboxed file may do when opened: nothing but show itself (no scripts, no requests). */
export const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Images a browser draws without running anything (SVG is an image but may carry scripts). */
const PASSIVE_IMAGE = /^image\/(?!svg\+xml)/;
/** Types a page of the site could load as code: served as plain text, which `nosniff` refuses to run. */
const CODE = /^(text\/javascript|text\/css)/;

/**
 * The headers a volume file is served with beyond its validators
 * (docs/content-directives.md#serving-volume-files): uploads must not act with the site's origin.
 * Raster images are shown inline; SVG inline but sandboxed; every other file is a download
 * (`Content-Disposition: attachment`) under the sandbox CSP, and scripts and stylesheets go out as
 * plain text so that `<script src>` or `<link rel=stylesheet>` on a page of the site (the
 * playground allows `script-src 'self'`) cannot use them.
 */
export function servedHeaders(contentType: string): Record<string, string> {
  if (PASSIVE_IMAGE.test(contentType)) return { 'content-type': contentType };
  if (isActiveContent(contentType) && contentType.startsWith('image/')) {
    return { 'content-type': contentType, 'content-security-policy': SANDBOX_CSP };
  }
  return {
    'content-type': CODE.test(contentType) ? 'text/plain; charset=utf-8' : contentType,
    'content-security-policy': SANDBOX_CSP,
    'content-disposition': 'attachment',
  };
}
