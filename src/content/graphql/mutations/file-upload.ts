import { extensionForMimeType } from '../../store/write/file-kinds';

/** Craft's messages for uploads. */
export const INVALID_FILE_DATA = 'Invalid file data provided';
export const NO_FILE = 'Impossible to create an asset without providing a file';
/** Ours: the machines this runs on often have no internet, and fetching URLs invites SSRF. */
export const NO_URL_UPLOADS =
  'Uploading from a URL is not supported: send the file in `fileData` (data:<type>;base64,...)';

/** The file of a `FileInput.fileData`, and the name it gets when none is given. */
export interface DecodedFile {
  readonly data: Buffer;
  /** Craft's `Upload.<ext>` from the data URL's MIME type; undefined when it names no known type. */
  readonly defaultName: string | undefined;
}

const DATA_URL = /^data:(?:([a-z0-9]+\/[a-z0-9+.-]+);)?base64,(.*)$/is;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64_URL = /^[A-Za-z0-9_-]*={0,2}$/;

/**
 * Decodes `data:<type>;base64,<data>` (Craft's form; the type is optional). Undefined for anything
 * else, invalid base64 or no bytes (Node's decoder would skip bad characters silently).
 */
export function decodeFileData(text: string): DecodedFile | undefined {
  const match = DATA_URL.exec(text.trim());
  if (match === null) return undefined;
  const payload = match[2].replace(/\s+/g, '');
  if (!BASE64.test(payload) && !BASE64_URL.test(payload)) return undefined;
  const data = Buffer.from(payload, BASE64.test(payload) ? 'base64' : 'base64url');
  if (data.length === 0) return undefined;
  const extension = match[1] === undefined ? undefined : extensionForMimeType(match[1]);
  return { data, defaultName: extension === undefined ? undefined : `Upload.${extension}` };
}

/**
 * A safe asset file name from a client's (Craft's `prepareAssetName`): the last path segment,
 * without control characters and characters file systems or URLs choke on, without leading dots
 * (hidden files), whitespace collapsed. An empty result becomes `Upload`.
 */
export function assetFilename(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const cleaned = last
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}<>:"|?*#%]/gu, '')
    .trim()
    .replace(/^[.\s]+/, '');
  return cleaned === '' || cleaned.startsWith('.') ? 'Upload' : cleaned;
}
