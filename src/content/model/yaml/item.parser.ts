import { normaliseFileExtension } from '../../../settings/schema/file-extensions';
import { isUid } from './item-uid';
import type { Where } from './problems';
import type {
  ParsedImageTransform,
  ParsedItem,
  ParsedLayoutItem,
  ParsedSite,
  ParsedUserGroup,
  ParsedVolume,
} from './parsed-model';
import { quote, YamlMap, type Located } from './yaml-map';
import type { ModelProblems } from './problems';

/** Keys every item has. */
export const ITEM_KEYS = ['handle', 'name', 'uid'] as const;

/**
 * handle, name and uid of an item; undefined when the handle is missing or bad (an item without a
 * usable handle cannot be referenced, so it is left out after its problems are reported).
 */
export function parseItemBase(map: YamlMap): ParsedItem | undefined {
  const handle = map.handle();
  const name = map.text('name', { required: true }) ?? handle ?? '';
  const uid = map.text('uid');
  let checkedUid: string | undefined;
  if (uid !== undefined) {
    if (isUid(uid)) checkedUid = uid.toLowerCase();
    else {
      map.problems.add(
        map.at('uid'),
        `must be a UUID such as 6f1c3e0a-8f7b-4c1d-9e2a-3b4c5d6e7f80, got ${quote(uid)}`,
      );
    }
  }
  if (handle === undefined) return undefined;
  return { where: map.where, handle, name, uid: checkedUid };
}

/** A list of field handles (a field layout); absent = no fields. */
export function parseLayout(map: YamlMap, key = 'fields'): Located<string>[] {
  return map.strings(key) ?? [];
}

const SITE_KEYS = [...ITEM_KEYS, 'language', 'primary', 'baseUrl'];

export function parseSite(
  value: unknown,
  where: Where,
  problems: ModelProblems,
): ParsedSite | undefined {
  const map = YamlMap.open(value, where, problems, SITE_KEYS);
  if (!map) return undefined;
  const base = parseItemBase(map);
  const language = parseLanguage(map);
  const primary = map.bool('primary', false);
  const baseUrl = parseUrl(map, 'baseUrl', true);
  if (!base) return undefined;
  // Element URLs are baseUrl + uri: the base must end with a slash.
  const slashed = baseUrl === undefined ? '/' : baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return { ...base, language: language ?? 'en-US', primary, baseUrl: slashed };
}

function parseLanguage(map: YamlMap): string | undefined {
  const language = map.text('language', { required: true });
  if (language === undefined) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(language);
    return canonical;
  } catch {
    map.problems.add(
      map.at('language'),
      `${quote(language)} is not a BCP 47 language tag such as en-US`,
    );
    return undefined;
  }
}

/** An absolute http(s) URL or a root-relative path. */
export function parseUrl(map: YamlMap, key: string, required: boolean): string | undefined {
  const value = map.text(key, { required });
  if (value === undefined) return undefined;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // reported below
  }
  map.problems.add(
    map.at(key),
    `must be an absolute http(s) URL or a path starting with /, got ${quote(value)}`,
  );
  return undefined;
}

const LAYOUT_ITEM_KEYS = [...ITEM_KEYS, 'fields'];

/** Tag groups and global sets: an item with a field layout. */
export function parseLayoutItem(
  value: unknown,
  where: Where,
  problems: ModelProblems,
): ParsedLayoutItem | undefined {
  const map = YamlMap.open(value, where, problems, LAYOUT_ITEM_KEYS);
  if (!map) return undefined;
  const base = parseItemBase(map);
  const fields = parseLayout(map);
  return base && { ...base, fields };
}

const VOLUME_KEYS = [...ITEM_KEYS, 'path', 'baseUrl', 'fields', 'allowedFileExtensions'];

export function parseVolume(
  value: unknown,
  where: Where,
  problems: ModelProblems,
): ParsedVolume | undefined {
  const map = YamlMap.open(value, where, problems, VOLUME_KEYS);
  if (!map) return undefined;
  const base = parseItemBase(map);
  const path = map.text('path');
  const baseUrl = parseUrl(map, 'baseUrl', false);
  const fields = parseLayout(map);
  const allowedFileExtensions = parseFileExtensionList(map, 'allowedFileExtensions');
  return (
    base && {
      ...base,
      path,
      baseUrl: baseUrl?.replace(/\/+$/, ''),
      fields,
      allowedFileExtensions,
    }
  );
}

/**
 * A volume's own allow-list (Craft's allowedFileExtensions, per volume): extensions without the
 * dot, any case; an empty list allows nothing. Bad items are reported and left out.
 */
function parseFileExtensionList(map: YamlMap, key: string): string[] | undefined {
  const items = map.strings(key);
  if (items === undefined) return undefined;
  const extensions = new Set<string>();
  for (const item of items) {
    const extension = normaliseFileExtension(item.value);
    if (extension === undefined) {
      map.problems.add(
        item.where,
        `must be a file extension such as pdf (no dots or spaces), got ${quote(item.value)}`,
      );
    } else extensions.add(extension);
  }
  return [...extensions];
}

export function parseUserGroup(
  value: unknown,
  where: Where,
  problems: ModelProblems,
): ParsedUserGroup | undefined {
  const map = YamlMap.open(value, where, problems, ITEM_KEYS);
  if (!map) return undefined;
  const base = parseItemBase(map);
  // `usergroups.everyone` is the scope for all users: a group with that handle would be ambiguous.
  if (base?.handle.toLowerCase() === 'everyone') {
    problems.add(map.at('handle'), '"everyone" is reserved (the scope usergroups.everyone:read)');
    return undefined;
  }
  return base;
}

const TRANSFORM_KEYS = [
  ...ITEM_KEYS,
  'width',
  'height',
  'mode',
  'position',
  'quality',
  'format',
  'interlace',
];
const MODES = ['crop', 'fit', 'stretch', 'letterbox'] as const;
const POSITIONS = ['top', 'center', 'bottom'].flatMap((v) =>
  ['left', 'center', 'right'].map((h) => `${v}-${h}`),
);
const FORMATS = ['jpg', 'png', 'gif', 'webp', 'avif'] as const;
const INTERLACES = ['none', 'line', 'plane', 'partition'] as const;

export function parseImageTransform(
  value: unknown,
  where: Where,
  problems: ModelProblems,
): ParsedImageTransform | undefined {
  const map = YamlMap.open(value, where, problems, TRANSFORM_KEYS);
  if (!map) return undefined;
  const base = parseItemBase(map);
  const width = map.int('width', { min: 1, max: 10000 });
  const height = map.int('height', { min: 1, max: 10000 });
  if (width === null && height === null && !map.has('width') && !map.has('height')) {
    problems.add(where, 'needs a width, a height or both');
  }
  const transform = {
    width,
    height,
    mode: map.choice('mode', MODES, 'crop'),
    position: map.choice('position', POSITIONS, 'center-center'),
    quality: map.int('quality', { min: 1, max: 100 }),
    format: map.choice('format', FORMATS, null),
    interlace: map.choice('interlace', INTERLACES, 'none'),
  };
  return base && { ...base, ...transform };
}
