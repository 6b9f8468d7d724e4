/**
 * The file extensions asset files may have unless CONTENT_ALLOWED_FILE_EXTENSIONS or a volume's
 * `allowedFileExtensions` says otherwise: Craft 5's `allowedFileExtensions` default without `js`
 * (a script served from the site's own origin could run in its pages;
 * docs/security.md#content-and-the-grafana-compatible-api). `svg` and `json` stay, as in Craft: the
 * volume route serves SVG sandboxed and JSON as a download.
 */
export const DEFAULT_ALLOWED_FILE_EXTENSIONS: readonly string[] = [
  '7z',
  'aiff',
  'asc',
  'asf',
  'avi',
  'avif',
  'bmp',
  'cap',
  'cin',
  'csv',
  'dfxp',
  'doc',
  'docx',
  'dotm',
  'dotx',
  'fla',
  'flv',
  'gif',
  'gz',
  'gzip',
  'heic',
  'heif',
  'hevc',
  'itt',
  'jp2',
  'jpeg',
  'jpg',
  'jpx',
  'json',
  'lrc',
  'm2t',
  'm4a',
  'm4v',
  'mcc',
  'mid',
  'mov',
  'mp3',
  'mp4',
  'mpc',
  'mpeg',
  'mpg',
  'mpsub',
  'ods',
  'odt',
  'ogg',
  'ogv',
  'pdf',
  'png',
  'potx',
  'pps',
  'ppsm',
  'ppsx',
  'ppt',
  'pptm',
  'pptx',
  'ppz',
  'pxd',
  'qt',
  'ram',
  'rar',
  'rm',
  'rmi',
  'rmvb',
  'rt',
  'rtf',
  'sami',
  'sbv',
  'scc',
  'sdc',
  'sitd',
  'smi',
  'srt',
  'stl',
  'sub',
  'svg',
  'swf',
  'sxc',
  'sxw',
  'tar',
  'tds',
  'tgz',
  'tif',
  'tiff',
  'ttml',
  'txt',
  'vob',
  'vsd',
  'vtt',
  'wav',
  'webm',
  'webp',
  'wma',
  'wmv',
  'xls',
  'xlsx',
  'zip',
];

/**
 * One extension as lists compare it (Craft compares the lowercased text after the file name's last
 * dot): lowercase, a leading dot dropped; undefined when it is empty or holds a dot, a slash or
 * whitespace.
 */
export function normaliseFileExtension(raw: string): string | undefined {
  const value = raw.trim().toLowerCase().replace(/^\./, '');
  return /^[^./\\\s\0]+$/.test(value) ? value : undefined;
}

/** `jpg, png,.PDF` → [jpg, png, pdf]: the setting's form. */
export function parseFileExtensions(raw: string): string[] {
  const items = raw.split(',').filter((item) => item.trim() !== '');
  const extensions = items.map(normaliseFileExtension);
  if (extensions.length === 0 || extensions.some((extension) => extension === undefined)) {
    throw new Error(
      'allowed values: file extensions separated by commas (jpg,png,pdf), each without dots or spaces',
    );
  }
  return [...new Set(extensions as string[])];
}
