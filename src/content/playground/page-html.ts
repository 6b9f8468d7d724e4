import { escapeHtml } from './html-escape';

/** What both pages are rendered from. */
export interface PageParts {
  readonly title: string;
  /** Stylesheet and script URLs, in load order. */
  readonly stylesheets: readonly string[];
  readonly scripts: readonly string[];
  /** `data-*` attributes of `<body>` (the scripts' settings). */
  readonly data: Readonly<Record<string, string>>;
  /** Trusted markup of the body, before the scripts. */
  readonly body: string;
}

/** A complete HTML document; every value from outside is escaped. */
export function pageHtml(parts: PageParts): string {
  const data = Object.entries(parts.data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    // No favicon request.
    '<link rel="icon" href="data:,">',
    ...parts.stylesheets.map((url) => `<link rel="stylesheet" href="${escapeHtml(url)}">`),
    '</head>',
    `<body${data}>`,
    parts.body,
    ...parts.scripts.map((url) => `<script src="${escapeHtml(url)}"></script>`),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
