import { join, resolve, sep } from 'node:path';

/**
 * A path inside a volume as its segments (`a/b/`, `file.jpg` → [a, b, file.jpg]); null when a
 * segment could leave the volume or name something odd (`..`, `.`, empty, a slash, a backslash,
 * NUL).
 */
export function pathSegments(folderPath: string, filename: string): string[] | null {
  const segments = [...folderPath.split('/').filter((s) => s !== ''), filename];
  return segments.every(isPlainSegment) ? segments : null;
}

export function isPlainSegment(segment: string): boolean {
  return (
    segment !== '' &&
    segment !== '.' &&
    segment !== '..' &&
    !segment.includes('/') &&
    !segment.includes('\\') &&
    !segment.includes('\0')
  );
}

/** The file's absolute path, or null if it would not lie inside the volume's directory. */
export function fileInVolume(volumeRoot: string, segments: readonly string[]): string | null {
  if (segments.length === 0 || !segments.every(isPlainSegment)) return null;
  const root = resolve(volumeRoot);
  const path = resolve(join(root, ...segments));
  return path.startsWith(root + sep) ? path : null;
}

/** The public URL: the volume's base URL, then each segment URL-encoded. */
export function volumeUrl(baseUrl: string, segments: readonly string[]): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  return `${base}/${segments.map(encodeURIComponent).join('/')}`;
}
