/**
 * Craft's asset file kinds by extension (Craft's `kind` values), and the MIME types of the
 * extensions the service is likely to hold. Unknown extensions: kind `unknown`.
 */
const KIND_EXTENSIONS: Record<string, readonly string[]> = {
  access: ['adp', 'accdb', 'mdb', 'accde', 'accdr', 'accdt'],
  audio: [
    '3gp',
    'aac',
    'aif',
    'aiff',
    'aifc',
    'flac',
    'm4a',
    'mp3',
    'oga',
    'ogg',
    'opus',
    'wav',
    'wma',
  ],
  captions: ['srt', 'vtt', 'ttml', 'dfxp', 'sbv', 'scc'],
  compressed: ['7z', 'bz2', 'dmg', 'gz', 'rar', 'tar', 'tgz', 'zip', 'zipx'],
  excel: ['xls', 'xlsm', 'xlsx', 'xltm', 'xltx'],
  html: ['htm', 'html'],
  illustrator: ['ai'],
  image: [
    'avif',
    'bmp',
    'gif',
    'heic',
    'heif',
    'jfif',
    'jp2',
    'jpe',
    'jpeg',
    'jpg',
    'png',
    'svg',
    'tif',
    'tiff',
    'webp',
  ],
  javascript: ['js'],
  json: ['json'],
  pdf: ['pdf'],
  photoshop: ['psd', 'psb'],
  powerpoint: ['potx', 'pps', 'ppsm', 'ppsx', 'ppt', 'pptm', 'pptx'],
  text: ['txt', 'text', 'md', 'csv'],
  video: ['avi', 'm4v', 'mov', 'mp4', 'mpeg', 'mpg', 'ogv', 'webm', 'wmv', 'mkv'],
  word: ['doc', 'docx', 'dot', 'docm', 'dotm'],
  xml: ['xml'],
};

const KIND_BY_EXTENSION = new Map(
  Object.entries(KIND_EXTENSIONS).flatMap(([kind, extensions]) =>
    extensions.map((extension) => [extension, kind] as const),
  ),
);

const MIME_TYPES: Record<string, string> = {
  avif: 'image/avif',
  bmp: 'image/bmp',
  gif: 'image/gif',
  heic: 'image/heic',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  pdf: 'application/pdf',
  json: 'application/json',
  xml: 'application/xml',
  zip: 'application/zip',
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  htm: 'text/html',
  html: 'text/html',
  js: 'text/javascript',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export function fileExtension(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

export function fileKind(filename: string): string {
  return KIND_BY_EXTENSION.get(fileExtension(filename)) ?? 'unknown';
}

export function mimeType(filename: string): string | null {
  return MIME_TYPES[fileExtension(filename)] ?? null;
}

/** The usual extension of a MIME type (`image/jpeg` → `jpg`), for uploads that name no file. */
export function extensionForMimeType(type: string): string | undefined {
  const lowered = type.toLowerCase();
  return Object.entries(MIME_TYPES).find(([, mime]) => mime === lowered)?.[0];
}
