/**
 * The content file format (docs/content-seed.md): top-level lists `users`, `assets`,
 * `categories`, `tags`, `globalSets`, `entries`; items name model items by handle and other
 * elements by natural key. `parseSeedDocument` checks the shape (unknown keys are errors, as
 * typos would otherwise be lost) and reports every problem with the file and the path.
 */

import { slugify } from '../store/write/slug';

export const SEED_KINDS = [
  'users',
  'assets',
  'categories',
  'tags',
  'globalSets',
  'entries',
] as const;
export type SeedKind = (typeof SEED_KINDS)[number];

export interface SeedSiteContent {
  readonly title?: string | null;
  readonly slug?: string | null;
  readonly enabled?: boolean;
  readonly fields?: Readonly<Record<string, unknown>>;
}

interface SeedItemBase {
  /** Where the item is, for messages: `demo.yaml: entries[3]`. */
  readonly at: string;
  /** The directory of the file (asset files are relative to it). */
  readonly dir: string;
  readonly fields?: Readonly<Record<string, unknown>>;
  /** Per-site content by site handle. */
  readonly sites?: Readonly<Record<string, SeedSiteContent>>;
}

interface SeedElementBase extends SeedItemBase {
  readonly uid?: string;
  readonly enabled?: boolean;
  readonly dateCreated?: Date;
  readonly dateUpdated?: Date;
  readonly title?: string | null;
  readonly slug?: string;
}

export interface SeedUser extends SeedItemBase {
  readonly username: string;
  readonly email: string;
  readonly fullName?: string;
  readonly password?: string;
  readonly groups?: readonly string[];
  /** An asset reference (`images/portrait.jpg`). */
  readonly photo?: string;
}

export interface SeedAsset extends SeedElementBase {
  readonly volume: string;
  readonly folder?: string;
  readonly filename: string;
  /** The file to copy, relative to the seed file's directory; default: the filename. */
  readonly file?: string;
  readonly alt?: string | null;
  readonly focalPoint?: readonly [number, number] | null;
  readonly uploader?: string;
  readonly dateModified?: Date;
}

export interface SeedCategory extends SeedElementBase {
  readonly group: string;
  /** The parent's slug in the same group, or its uid. */
  readonly parent?: string;
}

export interface SeedTag extends SeedElementBase {
  readonly group: string;
}

export interface SeedGlobalSet extends SeedItemBase {
  readonly handle: string;
  readonly dateUpdated?: Date;
}

export interface SeedEntry extends SeedElementBase {
  readonly section: string;
  /** The entry type handle; default: the section's first entry type. */
  readonly type?: string;
  readonly author?: string;
  /** Several authors (Craft 5), in order: the first is the primary author. Wins over `author`. */
  readonly authors?: readonly string[];
  readonly postDate?: Date | null;
  readonly expiryDate?: Date | null;
  readonly archived?: boolean;
  /** Structure sections: the parent's slug in the same section, or its uid. */
  readonly parent?: string;
}

export interface SeedDocument {
  readonly users: SeedUser[];
  readonly assets: SeedAsset[];
  readonly categories: SeedCategory[];
  readonly tags: SeedTag[];
  readonly globalSets: SeedGlobalSet[];
  readonly entries: SeedEntry[];
}

export const emptySeedDocument = (): SeedDocument => ({
  users: [],
  assets: [],
  categories: [],
  tags: [],
  globalSets: [],
  entries: [],
});

type PropType =
  | 'string'
  | 'nullableString'
  | 'boolean'
  | 'date'
  | 'nullableDate'
  | 'stringList'
  | 'fields'
  | 'sites'
  | 'focalPoint';

const ELEMENT_PROPS: Record<string, PropType> = {
  uid: 'string',
  enabled: 'boolean',
  dateCreated: 'date',
  dateUpdated: 'date',
  title: 'nullableString',
  slug: 'string',
  fields: 'fields',
  sites: 'sites',
};

const KIND_SHAPES: Record<SeedKind, { required: string[]; props: Record<string, PropType> }> = {
  users: {
    required: ['username', 'email'],
    props: {
      username: 'string',
      email: 'string',
      fullName: 'string',
      password: 'string',
      groups: 'stringList',
      photo: 'string',
      fields: 'fields',
      sites: 'sites',
    },
  },
  assets: {
    required: ['volume', 'filename'],
    props: {
      ...ELEMENT_PROPS,
      volume: 'string',
      folder: 'string',
      filename: 'string',
      file: 'string',
      alt: 'nullableString',
      focalPoint: 'focalPoint',
      uploader: 'string',
      dateModified: 'date',
    },
  },
  categories: {
    required: ['group'],
    props: { ...ELEMENT_PROPS, group: 'string', parent: 'string' },
  },
  tags: { required: ['group'], props: { ...ELEMENT_PROPS, group: 'string' } },
  globalSets: {
    required: ['handle'],
    props: { handle: 'string', fields: 'fields', sites: 'sites', dateUpdated: 'date' },
  },
  entries: {
    required: ['section'],
    props: {
      ...ELEMENT_PROPS,
      section: 'string',
      type: 'string',
      author: 'string',
      authors: 'stringList',
      postDate: 'nullableDate',
      expiryDate: 'nullableDate',
      archived: 'boolean',
      parent: 'string',
    },
  },
};

const SITE_PROPS: Record<string, PropType> = {
  title: 'nullableString',
  slug: 'nullableString',
  enabled: 'boolean',
  fields: 'fields',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (isObject(value)) return 'an object';
  return JSON.stringify(value);
}

/** Checks one value against its type; returns the converted value or adds a problem. */
function convert(
  type: PropType,
  value: unknown,
  at: string,
  problems: string[],
): { ok: true; value: unknown } | { ok: false } {
  const fail = (expected: string) => {
    problems.push(`${at}: expected ${expected}, got ${describe(value)}`);
    return { ok: false } as const;
  };
  switch (type) {
    case 'string':
      return typeof value === 'string' || typeof value === 'number'
        ? { ok: true, value: String(value) }
        : fail('text');
    case 'nullableString':
      return value === null ? { ok: true, value } : convert('string', value, at, problems);
    case 'boolean':
      return typeof value === 'boolean' ? { ok: true, value } : fail('true or false');
    case 'nullableDate':
      return value === null ? { ok: true, value } : convert('date', value, at, problems);
    case 'date': {
      const date =
        value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
      return date !== undefined && !Number.isNaN(date.getTime())
        ? { ok: true, value: date }
        : fail('a date such as 2025-01-31T12:00:00Z');
    }
    case 'stringList':
      return Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? { ok: true, value }
        : fail('a list of text values');
    case 'fields':
      return isObject(value) ? { ok: true, value } : fail('an object of field values');
    case 'focalPoint':
      return value === null ||
        (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number'))
        ? { ok: true, value }
        : fail('[x, y] with numbers between 0 and 1');
    case 'sites': {
      if (!isObject(value)) return fail('an object keyed by site handle');
      const sites: Record<string, unknown> = {};
      let ok = true;
      for (const [site, content] of Object.entries(value)) {
        const converted = convertObject(SITE_PROPS, [], content, `${at}.${site}`, problems);
        if (converted === undefined) ok = false;
        else sites[site] = converted;
      }
      return ok ? { ok: true, value: sites } : { ok: false };
    }
  }
}

function convertObject(
  props: Record<string, PropType>,
  required: readonly string[],
  raw: unknown,
  at: string,
  problems: string[],
): Record<string, unknown> | undefined {
  if (!isObject(raw)) {
    problems.push(`${at}: expected an object, got ${describe(raw)}`);
    return undefined;
  }
  const before = problems.length;
  const result: Record<string, unknown> = {};
  for (const key of required) {
    if (raw[key] === undefined || raw[key] === null) problems.push(`${at}: "${key}" is required`);
  }
  for (const [key, value] of Object.entries(raw)) {
    const type = props[key];
    if (type === undefined) {
      problems.push(`${at}: unknown key "${key}" (allowed: ${Object.keys(props).join(', ')})`);
      continue;
    }
    if (value === undefined) continue;
    const converted = convert(type, value, `${at}.${key}`, problems);
    if (converted.ok) result[key] = converted.value;
  }
  return problems.length === before ? result : undefined;
}

/**
 * One parsed file (YAML or JSON already decoded) → its items, added to `into`. `file` names the
 * file in messages, `dir` is where its asset files are found.
 */
export function parseSeedDocument(
  raw: unknown,
  file: string,
  dir: string,
  into: SeedDocument,
  problems: string[],
): void {
  if (raw === null || raw === undefined) return;
  if (!isObject(raw)) {
    problems.push(`${file}: expected top-level keys ${SEED_KINDS.join(', ')}`);
    return;
  }
  for (const [key, list] of Object.entries(raw)) {
    if (!(SEED_KINDS as readonly string[]).includes(key)) {
      problems.push(`${file}: unknown top-level key "${key}" (allowed: ${SEED_KINDS.join(', ')})`);
      continue;
    }
    const kind = key as SeedKind;
    if (list === null) continue;
    if (!Array.isArray(list)) {
      problems.push(`${file}: ${kind}: expected a list, got ${describe(list)}`);
      continue;
    }
    const shape = KIND_SHAPES[kind];
    list.forEach((item: unknown, index) => {
      const at = `${file}: ${kind}[${index}]`;
      const converted = convertObject(shape.props, shape.required, item, at, problems);
      if (converted === undefined) return;
      const checked = { ...converted, at, dir };
      (into[kind] as unknown[]).push(kind === 'entries' ? packValues(checked) : checked);
    });
  }
}

/**
 * Items of structures in an order where each parent (named by slug or uid within the same
 * container) comes before its children; otherwise the file order.
 */
export function parentsFirst<
  T extends { parent?: string; slug?: string; title?: string | null; uid?: string },
>(items: readonly T[], container: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const slug = item.slug ?? slugify(item.title ?? '');
    byKey.set(`${container(item)}\u0000${slug}`, item);
    if (item.uid !== undefined) byKey.set(`${container(item)}\u0000${item.uid}`, item);
  }
  const ordered: T[] = [];
  const placed = new Set<T>();
  const visiting = new Set<T>();
  const visit = (item: T) => {
    if (placed.has(item) || visiting.has(item)) return;
    visiting.add(item);
    const parent =
      item.parent === undefined ? undefined : byKey.get(`${container(item)}\u0000${item.parent}`);
    if (parent !== undefined) visit(parent);
    visiting.delete(item);
    placed.add(item);
    ordered.push(item);
  };
  items.forEach(visit);
  return ordered;
}

/** A value JSON would not give back as it is (NaN, a Date, a Map, ...). */
class NotJson extends Error {}

function exactJson(this: unknown, key: string, value: unknown): unknown {
  const original = (this as Record<string, unknown>)[key];
  if (typeof original === 'number' && (!Number.isFinite(original) || Object.is(original, -0))) {
    throw new NotJson();
  }
  if (original !== null && typeof original === 'object' && !Array.isArray(original)) {
    const proto: unknown = Object.getPrototypeOf(original);
    if (proto !== Object.prototype && proto !== null) throw new NotJson();
  }
  if (key === '__proto__') throw new NotJson();
  return value;
}

/** An item whose field and site values are kept as their JSON text until read. */
class PackedValues {
  readonly #text: string;

  constructor(rest: object, text: string) {
    Object.assign(this, rest);
    this.#text = text;
  }

  get fields(): Readonly<Record<string, unknown>> | undefined {
    return (JSON.parse(this.#text) as { fields?: Record<string, unknown> }).fields;
  }

  get sites(): Readonly<Record<string, SeedSiteContent>> | undefined {
    return (JSON.parse(this.#text) as { sites?: Record<string, SeedSiteContent> }).sites;
  }

  get packedText(): string {
    return this.#text;
  }
}

/** A checked entry as data the structured clone (`v8.serialize`) gives back as it is. */
export type EntryRecord = { packed: object; text: string } | { plain: SeedEntry };

/** A checked entry as an EntryRecord (streamed-entries.ts keeps them in a file). */
export function entryRecord(entry: SeedEntry): EntryRecord {
  return entry instanceof PackedValues
    ? { packed: { ...entry }, text: entry.packedText }
    : { plain: entry };
}

/** The entry of an EntryRecord. */
export function entryOfRecord(record: EntryRecord): SeedEntry {
  return 'plain' in record
    ? record.plain
    : (new PackedValues(record.packed, record.text) as unknown as SeedEntry);
}

/**
 * An entry with its `fields` and `sites` held as JSON text, parsed again whenever read: a load
 * holds every checked item until pass one ends, and the text is a fraction of the objects'
 * heap (docs/content-import.md#large-imports: ~6 KB per generated entry). Values JSON would not
 * give back exactly stay as they are.
 */
function packValues<T extends object>(item: T & { fields?: unknown; sites?: unknown }): T {
  const { fields, sites, ...rest } = item;
  if (fields === undefined && sites === undefined) return item;
  try {
    return new PackedValues(rest, JSON.stringify({ fields, sites }, exactJson)) as unknown as T;
  } catch (error) {
    if (error instanceof NotJson) return item;
    throw error;
  }
}
