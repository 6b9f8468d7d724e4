import type { Field } from '../../model/content-model';
import { LINK_TYPES, type LinkType } from '../../model/field-types';
import { describe, InvalidValue } from './invalid-value';

/**
 * A Link field's stored value (Craft 5's LinkData, serialised): the kind of link, its value (a
 * URL, `mailto:`/`tel:`/`sms:` text, or the linked element's id) and the optional attributes.
 */
export interface StoredLink {
  readonly type: LinkType;
  readonly value: string | number;
  readonly label?: string;
  readonly urlSuffix?: string;
  readonly target?: string;
  readonly title?: string;
  readonly class?: string;
  readonly id?: string;
  readonly rel?: string;
  readonly ariaLabel?: string;
  readonly download?: boolean;
  readonly filename?: string;
}

const TEXT_ATTRIBUTES = [
  'label',
  'urlSuffix',
  'target',
  'title',
  'class',
  'id',
  'rel',
  'ariaLabel',
  'filename',
] as const;
const KEYS = new Set<string>(['type', 'value', 'download', ...TEXT_ATTRIBUTES]);
/** `{entry:12}`, `{asset:3}`, `{category:5}` (Craft's reference tags name elements so). */
const REFERENCE = /^\{(entry|asset|category):(\d+)(?:@\d+)?(?::url)?\}$/;
const SCHEMES: readonly (readonly [string, LinkType])[] = [
  ['mailto:', 'email'],
  ['tel:', 'phone'],
  ['sms:', 'sms'],
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()./-]{3,}$/;

/**
 * A link as given (import, mutations): a string (a URL, `mailto:a@b.io`, `tel:+49…`, `sms:…`, or
 * `{entry:12}`), or an object `{type, value, label, urlSuffix, target, title, class, id, rel,
 * ariaLabel, download, filename}`; checked against the field's allowed link types.
 */
export function linkValue(field: Field, value: unknown): StoredLink | null {
  if (value === null || value === '') return null;
  if (typeof value === 'string') return checked(field, fromText(value.trim()));
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidValue(`expected a link (text or an object), got ${describe(value)}`);
  }
  const given = value as Record<string, unknown>;
  const unknown = Object.keys(given).filter((key) => !KEYS.has(key));
  if (unknown.length > 0) {
    throw new InvalidValue(`unknown link key ${unknown.map((k) => JSON.stringify(k)).join(', ')}`);
  }
  const raw = given.value;
  if (raw === undefined || raw === null || raw === '') return null;
  const type = given.type ?? undefined;
  const base =
    type === undefined
      ? fromText(text(raw, 'value'))
      : typedValue(knownType(type), typeof raw === 'number' ? raw : text(raw, 'value'));
  const link: Record<string, unknown> = { ...base };
  for (const key of TEXT_ATTRIBUTES) {
    const attribute = given[key];
    if (attribute !== undefined && attribute !== null && attribute !== '') {
      link[key] = text(attribute, key);
    }
  }
  if (given.download !== undefined && given.download !== null) {
    if (typeof given.download !== 'boolean') {
      throw new InvalidValue(`download: expected true or false, got ${describe(given.download)}`);
    }
    if (given.download) link.download = true;
  }
  return checked(field, link as unknown as StoredLink);
}

function text(value: unknown, key: string): string {
  if (typeof value === 'string') return value.trim();
  throw new InvalidValue(`${key}: expected text, got ${describe(value)}`);
}

function knownType(type: unknown): LinkType {
  const known = LINK_TYPES.find((candidate) => candidate === type);
  if (known === undefined) {
    throw new InvalidValue(`unknown link type ${describe(type)} (${LINK_TYPES.join(', ')})`);
  }
  return known;
}

/** The link a bare string names: a reference tag, a `mailto:`/`tel:`/`sms:` URI, else a URL. */
function fromText(value: string): StoredLink {
  const reference = REFERENCE.exec(value);
  if (reference !== null) return { type: reference[1] as LinkType, value: Number(reference[2]) };
  const scheme = SCHEMES.find(([prefix]) => value.toLowerCase().startsWith(prefix));
  return typedValue(scheme?.[1] ?? 'url', value);
}

/** The value in its stored form for the type: element ids as numbers, text with its scheme. */
function typedValue(type: LinkType, value: string | number): StoredLink {
  switch (type) {
    case 'entry':
    case 'asset':
    case 'category': {
      const reference = typeof value === 'string' ? REFERENCE.exec(value) : null;
      const id = reference !== null ? Number(reference[2]) : Number(value);
      if (!Number.isSafeInteger(id) || id <= 0) {
        throw new InvalidValue(`link type "${type}" needs an element id, got ${describe(value)}`);
      }
      return { type, value: id };
    }
    case 'email':
      return { type, value: schemed('mailto:', String(value), EMAIL, 'an email address') };
    case 'phone':
      return { type, value: schemed('tel:', String(value), PHONE, 'a phone number') };
    case 'sms':
      return { type, value: schemed('sms:', String(value), PHONE, 'a phone number') };
    case 'url':
      return { type, value: urlText(String(value)) };
  }
}

function schemed(scheme: string, value: string, pattern: RegExp, what: string): string {
  const bare = value.toLowerCase().startsWith(scheme) ? value.slice(scheme.length) : value;
  if (!pattern.test(bare)) throw new InvalidValue(`${JSON.stringify(value)} is not ${what}`);
  return `${scheme}${bare}`;
}

/** Absolute http(s) URLs, root-relative paths and anchors (Craft's URL link type allows both). */
function urlText(value: string): string {
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (value.startsWith('#') && value.length > 1) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // reported below
  }
  throw new InvalidValue(`${JSON.stringify(value)} is not a valid URL`);
}

function checked(field: Field, link: StoredLink): StoredLink {
  const allowed = field.linkTypes ?? ['entry', 'url'];
  if (!allowed.includes(link.type)) {
    throw new InvalidValue(`link type "${link.type}" is not allowed here (${allowed.join(', ')})`);
  }
  return link;
}
