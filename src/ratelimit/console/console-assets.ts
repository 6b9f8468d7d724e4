import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const JAVASCRIPT = 'text/javascript; charset=utf-8';
const STYLESHEET = 'text/css; charset=utf-8';
const HTML = 'text/html; charset=utf-8';

export interface ConsoleAsset {
  readonly contentType: string;
  readonly body: Buffer;
}

/**
 * The console's own files (beside this module: sources, and `nest build`'s copy) and uPlot's
 * browser build from node_modules: everything the page loads, served by the service (no CDN).
 */
function browserDirectory(): string {
  const beside = join(__dirname, 'browser');
  if (existsSync(beside)) return beside;
  return join(__dirname, '..', '..', '..', 'src', 'ratelimit', 'console', 'browser');
}

/** Read once at start: a handful of small files. */
export function loadConsoleAssets(): ReadonlyMap<string, ConsoleAsset> {
  const uplot = join(dirname(require.resolve('uplot/package.json')), 'dist');
  const files: [string, string, string][] = [
    ['console.html', join(browserDirectory(), 'console.html'), HTML],
    ['console.js', join(browserDirectory(), 'console.js'), JAVASCRIPT],
    ['console.css', join(browserDirectory(), 'console.css'), STYLESHEET],
    ['uPlot.iife.min.js', join(uplot, 'uPlot.iife.min.js'), JAVASCRIPT],
    ['uPlot.min.css', join(uplot, 'uPlot.min.css'), STYLESHEET],
  ];
  return new Map(
    files.map(([name, path, contentType]) => [name, { contentType, body: readFileSync(path) }]),
  );
}

/** The page's headers: nothing but the service's own scripts, styles and fetches. */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};
