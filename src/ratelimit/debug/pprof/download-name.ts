/**
 * Content-Disposition for a profile download. The name says what, where and when
 * (`cpu-<host>-<pid>-20250102T030405Z.cpuprofile`), so that files from several instances do not
 * overwrite each other, and its extension is the one Chrome DevTools and VS Code recognise.
 */
export function attachment(
  kind: string,
  extension: string,
  host: string,
  pid: number,
  at: Date,
): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  const safeHost = host.replace(/[^A-Za-z0-9._-]/g, '_') || 'host';
  return `attachment; filename="${kind}-${safeHost}-${pid}-${stamp}.${extension}"`;
}
