import type { Stats } from 'node:fs';

/**
 * The entity tag, from modification time and size as nginx makes it: files here are written whole
 * (transforms are renamed into place), so the pair identifies the bytes.
 */
export function fileEtag(stats: Stats): string {
  return `"${Math.floor(stats.mtimeMs).toString(16)}-${stats.size.toString(16)}"`;
}

/** Last-Modified value: HTTP dates have whole seconds. */
export function lastModified(stats: Stats): string {
  return new Date(Math.floor(stats.mtimeMs / 1000) * 1000).toUTCString();
}

/**
 * Whether a conditional GET can answer 304: If-None-Match (weak comparison) decides when present,
 * else If-Modified-Since.
 */
export function isNotModified(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  etag: string,
  stats: Stats,
): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    const tags = noneMatch.split(',').map((tag) => tag.trim());
    return tags.includes('*') || tags.some((tag) => opaque(tag) === opaque(etag));
  }
  const since = headers['if-modified-since'];
  if (since === undefined) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && Math.floor(stats.mtimeMs / 1000) * 1000 <= time;
}

export type RangeAnswer =
  | { readonly kind: 'whole' }
  | { readonly kind: 'partial'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

/**
 * One `bytes=` range (what players and browsers send; several ranges get the whole file). A range
 * whose If-Range no longer matches, or that does not parse, also gets the whole file.
 */
export function byteRange(
  headers: { range?: string; 'if-range'?: string },
  etag: string,
  stats: Stats,
): RangeAnswer {
  const range = headers.range;
  if (range === undefined || stats.size === 0) return { kind: 'whole' };
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag && ifRange !== lastModified(stats)) {
    return { kind: 'whole' };
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (match === null || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const size = stats.size;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', start, end };
}

function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
