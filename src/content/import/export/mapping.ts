import { isDeepStrictEqual } from 'node:util';
import type {
  CategoryGroup,
  EntryType,
  Field,
  GlobalSet,
  Section,
  SectionSiteSettings,
  TagGroup,
  Volume,
} from '../../model/content-model';
import type { ContentModelIndex } from '../../model/content-model.index';
import { defaultFieldValue } from '../../store/write/field-values';
import { holdsNestedElements } from '../../model/field-types';
import { blocksAsNestedValue } from '../nested-field-values';
import type { ExportReferences } from './references';
import type { ExportBlock, ExportElement, ExportRelation, ExportSite } from './rows';

/**
 * Stored elements → items of the content file format (docs/content-seed.md), written so that
 * importing them into an empty store gives the same content, and exporting that again gives
 * the same files:
 * - values for every site (`title`, `slug`, `fields`) are the primary site's (or, for an
 *   element not in it, its first site's); `sites.<handle>` holds only what differs there;
 * - field values equal to what an import gives when the value is left out (the field's
 *   default, or nothing) are left out, like empty relation and matrix fields;
 * - a site's `enabled` is written when it differs from the section's "enabled by default";
 * - other elements are named as references (ExportReferences); relations to elements the
 *   format cannot name are dropped and counted;
 * - dates are ISO-8601 in UTC with milliseconds.
 */

export type FileItem = Record<string, unknown>;

export interface MappingContext {
  readonly model: ContentModelIndex;
  readonly references: ExportReferences;
  /** Called for each relation target the format cannot name (outside the model). */
  readonly dropped: (sourceId: number, targetId: number) => void;
}

const isoDate = (date: Date) => date.toISOString();

/** Puts the keys with a defined value in order; undefined keys are left out. */
function item(entries: [string, unknown][]): FileItem {
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** The site an element's shared values come from: the primary site, else the first in model order. */
function baseSite(sites: readonly ExportSite[], model: ContentModelIndex): ExportSite | undefined {
  const order = (site: ExportSite) => model.model.sites.findIndex((s) => s.id === site.siteId);
  return (
    sites.find((site) => site.siteId === model.primarySite.id) ??
    [...sites].filter((site) => order(site) >= 0).sort((a, b) => order(a) - order(b))[0]
  );
}

/** Rows of the sites the model knows, in model order. */
function knownSites(sites: readonly ExportSite[], model: ContentModelIndex): ExportSite[] {
  return model.model.sites.flatMap((site) => sites.filter((s) => s.siteId === site.id));
}

const isRelation = (field: Field) =>
  ['entries', 'assets', 'categories', 'tags', 'users'].includes(field.type);

/** A stored value as the file writes it (tables keyed by column handle, empty cells left out). */
function fileValue(field: Field, stored: unknown): unknown {
  // A JSON field reads text as JSON text: a stored string goes out quoted.
  if (field.type === 'json' && typeof stored === 'string') return JSON.stringify(stored);
  if (field.type !== 'table' || !Array.isArray(stored)) return stored;
  return (stored as Record<string, unknown>[]).map((row) =>
    Object.fromEntries(
      field.columns
        .filter((column) => row[column.key] !== null && row[column.key] !== undefined)
        .map((column) => [column.handle, row[column.key]]),
    ),
  );
}

/** What an import stores for a field the file leaves out. */
const absentValue = (field: Field): unknown => defaultFieldValue(field) ?? null;

/** One relation field's targets in a site: its rows for the site, else its rows for every site. */
function targetsOf(
  relations: readonly ExportRelation[],
  field: Field,
  siteId: number | null,
): readonly number[] {
  const forSite = (id: number | null) =>
    relations.find((r) => r.fieldId === field.id && r.siteId === id)?.targetIds;
  if (!field.translatable) return forSite(null) ?? [];
  return (siteId === null ? undefined : forSite(siteId)) ?? forSite(null) ?? [];
}

function referencesTo(
  targetIds: readonly number[],
  sourceId: number,
  context: MappingContext,
): string[] {
  return targetIds.flatMap((id) => {
    const name = context.references.name(id);
    if (name === undefined) context.dropped(sourceId, id);
    return name === undefined ? [] : [name];
  });
}

interface ContentRules {
  readonly titles: boolean;
  readonly slugs: boolean;
  /** The default of a site's `enabled` (absent: true). */
  readonly enabledByDefault?: ReadonlyMap<number, boolean>;
  /** Matrix blocks give per-site values only for fields (no titles, slugs or statuses). */
  readonly block?: boolean;
}

/** `title`, `slug`, `fields` and `sites` of an element or block. */
function contentOf(
  layout: readonly Field[],
  source: {
    readonly id: number;
    readonly sites: readonly ExportSite[];
    readonly relations: readonly ExportRelation[];
    readonly blocks?: readonly ExportBlock[];
  },
  rules: ContentRules,
  context: MappingContext,
): { title?: string | null; slug?: string | null; fields?: FileItem; sites?: FileItem } {
  const { model } = context;
  const base = baseSite(source.sites, model);
  if (base === undefined) return {};
  const fields: [string, unknown][] = [];
  for (const field of layout) {
    if (holdsNestedElements(field.type)) {
      const blocks = (source.blocks ?? []).filter((block) => block.fieldId === field.id);
      if (blocks.length > 0) {
        fields.push([
          field.handle,
          blocksAsNestedValue(
            field,
            blocks.map((block) => blockItem(field, block, context)),
          ),
        ]);
      }
    } else if (isRelation(field)) {
      const names = referencesTo(
        targetsOf(source.relations, field, base.siteId),
        source.id,
        context,
      );
      if (names.length > 0) fields.push([field.handle, names]);
    } else {
      const value = base.fields[field.handle] ?? null;
      if (!isDeepStrictEqual(value, absentValue(field))) {
        fields.push([field.handle, fileValue(field, value)]);
      }
    }
  }
  const sites: [string, unknown][] = [];
  for (const site of knownSites(source.sites, model)) {
    const perSite: [string, unknown][] = [];
    if (site !== base) {
      if (rules.titles && site.title !== base.title) perSite.push(['title', site.title]);
      if (rules.slugs && site.slug !== base.slug) perSite.push(['slug', site.slug]);
    }
    if (!rules.block && site.enabled !== (rules.enabledByDefault?.get(site.siteId) ?? true)) {
      perSite.push(['enabled', site.enabled]);
    }
    const siteFields: [string, unknown][] = [];
    if (site !== base) {
      for (const field of layout) {
        if (!field.translatable || holdsNestedElements(field.type)) continue;
        if (isRelation(field)) {
          const targets = targetsOf(source.relations, field, site.siteId);
          if (!isDeepStrictEqual(targets, targetsOf(source.relations, field, base.siteId))) {
            siteFields.push([field.handle, referencesTo(targets, source.id, context)]);
          }
          continue;
        }
        const value = site.fields[field.handle] ?? null;
        if (!isDeepStrictEqual(value, base.fields[field.handle] ?? null)) {
          siteFields.push([field.handle, fileValue(field, value)]);
        }
      }
    }
    if (siteFields.length > 0) perSite.push(['fields', item(siteFields)]);
    if (perSite.length > 0) sites.push([model.sites.id(site.siteId)!.handle, item(perSite)]);
  }
  return {
    title: rules.titles ? base.title : undefined,
    slug: rules.slugs ? base.slug : undefined,
    fields: fields.length > 0 ? item(fields) : undefined,
    sites: sites.length > 0 ? item(sites) : undefined,
  };
}

/**
 * A matrix block: `{ type, enabled?, fields?, sites? }` (blocks are matched by position). Its
 * shared values come from the same site as its owner's: blocks have rows in their owner's sites.
 */
function blockItem(field: Field, block: ExportBlock, context: MappingContext): FileItem {
  const type = field.blockTypes.find((t) => t.id === block.typeId);
  const content = contentOf(
    type?.fields ?? [],
    block,
    { titles: false, slugs: false, block: true },
    context,
  );
  return item([
    ['type', type?.handle],
    ['enabled', block.enabled ? undefined : false],
    ['fields', content.fields],
    ['sites', content.sites],
  ]);
}

function enabledDefaults(
  settings: readonly SectionSiteSettings[],
  model: ContentModelIndex,
): Map<number, boolean> {
  if (settings.length === 0) return new Map(model.model.sites.map((site) => [site.id, true]));
  return new Map(settings.map((s) => [s.siteId, s.enabledByDefault]));
}

/** The element's own status and dates, shared by entries, categories, tags and assets. */
function statusAndDates(element: ExportElement): [string, unknown][] {
  return [
    ['enabled', element.enabled ? undefined : false],
    ['dateCreated', isoDate(element.dateCreated)],
    ['dateUpdated', isoDate(element.dateUpdated)],
  ];
}

export function entryItem(
  element: ExportElement,
  section: Section,
  type: EntryType,
  context: MappingContext,
): FileItem {
  const content = contentOf(
    type.fields,
    element,
    {
      titles: type.hasTitleField,
      slugs: true,
      enabledByDefault: enabledDefaults(section.siteSettings, context.model),
    },
    context,
  );
  const [enabled, ...dates] = statusAndDates(element);
  return item([
    // Singles are matched by their section: their uid is the store's own.
    ['uid', section.type === 'single' ? undefined : element.uid],
    ['section', section.handle],
    ['type', type.handle],
    ['parent', element.parentId === null ? undefined : context.references.parent(element.parentId)],
    ['title', content.title],
    ['slug', content.slug],
    ...authorItems(element, context),
    ['postDate', element.postDate === null ? null : isoDate(element.postDate)],
    ['expiryDate', element.expiryDate === null ? undefined : isoDate(element.expiryDate)],
    enabled,
    ['archived', element.archived ? true : undefined],
    ...dates,
    ['fields', content.fields],
    ['sites', content.sites],
  ]);
}

export function categoryItem(
  element: ExportElement,
  group: CategoryGroup,
  context: MappingContext,
): FileItem {
  const content = contentOf(
    group.fields,
    element,
    {
      titles: true,
      slugs: true,
      enabledByDefault: enabledDefaults(group.siteSettings, context.model),
    },
    context,
  );
  return item([
    ['uid', element.uid],
    ['group', group.handle],
    ['parent', element.parentId === null ? undefined : context.references.parent(element.parentId)],
    ['title', content.title],
    ['slug', content.slug],
    ...statusAndDates(element),
    ['fields', content.fields],
    ['sites', content.sites],
  ]);
}

export function tagItem(
  element: ExportElement,
  group: TagGroup,
  context: MappingContext,
): FileItem {
  const content = contentOf(group.fields, element, { titles: true, slugs: true }, context);
  return item([
    ['uid', element.uid],
    ['group', group.handle],
    ['title', content.title],
    ['slug', content.slug],
    ...statusAndDates(element),
    ['fields', content.fields],
    ['sites', content.sites],
  ]);
}

/** An asset; `file` is where the export puts its file, relative to the content files. */
export function assetItem(
  element: ExportElement,
  volume: Volume,
  file: string,
  context: MappingContext,
): FileItem {
  const asset = element.asset!;
  const content = contentOf(volume.fields, element, { titles: true, slugs: false }, context);
  const folder = asset.folderPath.replace(/\/$/, '');
  return item([
    ['uid', element.uid],
    ['volume', volume.handle],
    ['folder', folder === '' ? undefined : folder],
    ['filename', asset.filename],
    ['file', file],
    ['title', content.title],
    ['alt', asset.alt ?? undefined],
    ['focalPoint', asset.focalPoint ?? undefined],
    ['uploader', asset.uploaderId === null ? undefined : context.references.name(asset.uploaderId)],
    ...statusAndDates(element),
    ['dateModified', isoDate(asset.dateModified)],
    ['fields', content.fields],
    ['sites', content.sites],
  ]);
}

export function globalSetItem(
  element: ExportElement,
  set: GlobalSet,
  context: MappingContext,
): FileItem {
  const content = contentOf(set.fields, element, { titles: false, slugs: false }, context);
  return item([
    ['handle', set.handle],
    ['dateUpdated', isoDate(element.dateUpdated)],
    ['fields', content.fields],
    ['sites', content.sites],
  ]);
}

/** A user: no password (only its hash is stored); the import gives new users a random one. */
export function userItem(element: ExportElement, context: MappingContext): FileItem {
  const user = element.user!;
  const { model } = context;
  const groups = model.model.userGroups
    .filter((group) => user.groupIds.includes(group.id))
    .map((group) => group.handle);
  const content = contentOf(
    model.model.userFields,
    element,
    { titles: false, slugs: false },
    context,
  );
  return item([
    ['username', user.login],
    ['email', user.email],
    ['fullName', user.name],
    ['groups', groups.length > 0 ? groups : undefined],
    ['photo', element.photoId === null ? undefined : context.references.name(element.photoId)],
    ['fields', content.fields],
    ['sites', content.sites],
  ]);
}

/** `author`, or `authors` when the entry has several (Craft 5), as the seed reads them. */
function authorItems(element: ExportElement, context: MappingContext): [string, unknown][] {
  if (element.authorIds.length > 1) {
    return [['authors', element.authorIds.map((id) => context.references.name(id))]];
  }
  return [
    ['author', element.authorId === null ? undefined : context.references.name(element.authorId)],
  ];
}
