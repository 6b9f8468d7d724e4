import type { ContentModelIndex } from '../../model/content-model.index';
import type { ElementRows, SiteRow, SiteRowWrite } from './element-rows';
import { defaultFieldValue } from './field-values';
import { isRelationField } from './relation-rows';
import { pick, type SaveSpec } from './save-spec';
import { searchText } from './search-text';
import { slugify } from './slug';
import type { StructureNodes } from './structure-nodes';
import { elementUri } from './uri-trees';
import { HOMEPAGE_URI, usesSlug } from './uri';
import type { ProblemList } from './write-error';
import { holdsNestedElements } from '../../model/field-types';

/** The element a save wrote the row of. */
export interface SavedRow {
  readonly id: number;
  readonly uid: string;
  readonly created: boolean;
}

/** Plain (column-stored) field values: those for every site, and each site's own. */
export interface PlainValues {
  readonly common: Readonly<Record<string, unknown>>;
  readonly perSite: ReadonlyMap<number, Readonly<Record<string, unknown>>>;
}

/** Tries of `<slug>-<n>` before a taken URI is reported. */
const MAX_URI_TRIES = 100;

/**
 * The per-site rows of a saved element: title, slug, URI (made unique in the site when its
 * format uses the slug), enabled state, field values and search text.
 */
export class ElementSites {
  constructor(
    private readonly rows: ElementRows,
    private readonly structures: StructureNodes,
  ) {}

  /** Writes a row in every site of the spec; true when a URI the element had changed. */
  async write(
    spec: SaveSpec,
    saved: SavedRow,
    values: PlainValues,
    problems: ProblemList,
    model: ContentModelIndex,
    now: Date,
  ): Promise<boolean> {
    const { content } = spec;
    const { id } = saved;
    // A new element's blocks are only those of this save: none given, no text to read.
    const hasBlocks = spec.layout.some(
      (field) =>
        holdsNestedElements(field.type) &&
        (!saved.created ||
          (content.fields?.[field.handle] !== undefined && content.fields[field.handle] !== null)),
    );
    const blockText = hasBlocks ? await this.rows.blockSearchText(id) : new Map<number, string>();
    const previousSites = saved.created ? new Map<number, SiteRow>() : await this.rows.siteRows(id);
    const parentId = spec.structure ? await this.structures.parentOf(id) : null;
    const parentSites =
      parentId === null ? new Map<number, SiteRow>() : await this.rows.siteRows(parentId);
    const { rows, uriChanged } = await siteRowsOf(spec, saved, values, problems, model, now, {
      blockText,
      previousSites,
      parentSites,
      uriTaken: (siteId, uri) => this.rows.uriTaken(siteId, uri, id),
    });
    for (const [siteId, row] of rows) await this.rows.upsertSiteRow(id, siteId, row);
    return uriChanged;
  }
}

/** What a save's site rows are made from besides the save itself. */
export interface SiteRowContext {
  /** The search text of the element's blocks per site. */
  readonly blockText: ReadonlyMap<number, string>;
  /** The element's rows before this save (none for a new element). */
  readonly previousSites: ReadonlyMap<number, SiteRow>;
  /** The structure parent's rows (URIs under the parent's). */
  readonly parentSites: ReadonlyMap<number, SiteRow>;
  /** Whether another live element holds the URI in the site. */
  readonly uriTaken: (siteId: number, uri: string) => Promise<boolean> | boolean;
}

/**
 * The rows `ElementSites.write` writes, in site order, and whether a URI the element had changed
 * (a site whose row has problems gets none, nor do the sites after it). Batched saves
 * (save-batch.ts) make them the same way without a query per element.
 */
export async function siteRowsOf(
  spec: SaveSpec,
  saved: SavedRow,
  values: PlainValues,
  problems: ProblemList,
  model: ContentModelIndex,
  now: Date,
  context: SiteRowContext,
): Promise<{ rows: [number, SiteRowWrite][]; uriChanged: boolean }> {
  const { content } = spec;
  const siteHandle = (siteId: number) => model.sites.id(siteId)?.handle ?? String(siteId);
  const { blockText, previousSites, parentSites } = context;
  const rows: [number, SiteRowWrite][] = [];
  const defaults = defaultValues(spec);
  const primaryInput = content.sites?.get(model.primarySite.id);
  const elementTitle = pick(
    content.title,
    primaryInput?.title,
    ...[...(content.sites?.values() ?? [])].map((s) => s.title),
  );
  let uriChanged = false;
  for (const siteId of spec.siteIds) {
    const siteInput = content.sites?.get(siteId);
    const previous = previousSites.get(siteId);
    const fields = {
      ...(previous?.fields ?? defaults),
      ...values.common,
      ...(values.perSite.get(siteId) ?? {}),
    };
    let slug: string | null = null;
    const explicitSlug = pick(siteInput?.slug, content.slug);
    if (spec.hasSlug && explicitSlug !== undefined && explicitSlug !== null) {
      slug = explicitSlug === HOMEPAGE_URI ? explicitSlug : slugify(explicitSlug);
    }
    const { title, titleMissing } = siteTitle(spec, {
      given: [siteInput?.title, content.title, previous?.title],
      elementTitle,
      fields,
      slug: slug ?? previous?.slug ?? spec.defaultSlug ?? null,
    });
    if (titleMissing) problems.add(`site ${siteHandle(siteId)}: title is required`);
    if (spec.hasSlug && slug === null) {
      slug = previous?.slug ?? spec.defaultSlug ?? slugify(elementTitle ?? title ?? '');
      if (slug === '' && !titleMissing) {
        problems.add(`site ${siteHandle(siteId)}: slug is required (the title gives none)`);
      }
    }
    if (!problems.empty) continue;
    const format = spec.uriFormats?.get(siteId) ?? '';
    const parent = parentSites.get(siteId);
    const prefixParent = spec.structure?.prefixParent ?? false;
    const uriOf = (withSlug: string | null) =>
      elementUri(format, saved, withSlug, parent, prefixParent);
    const free = await freeUri(slug, usesSlug(format), uriOf, (taken) =>
      context.uriTaken(siteId, taken),
    );
    const uri = free.uri;
    slug = free.slug;
    if (free.gaveUp) problems.add(`site ${siteHandle(siteId)}: the URI "${uri}" is taken`);
    if (previous !== undefined && previous.uri !== uri) uriChanged = true;
    rows.push([
      siteId,
      {
        title,
        slug,
        uri,
        enabled:
          pick(siteInput?.enabled, previous?.enabled, spec.enabledByDefault?.get(siteId)) ?? true,
        fields,
        searchText: searchText(title, slug, spec.layout, fields, [
          ...(spec.extraSearch ?? []),
          blockText.get(siteId),
        ]),
        dateUpdated: content.dateUpdated ?? now,
      },
    ]);
  }
  return { rows, uriChanged };
}

/**
 * The URI of `slug`, or, when another element holds it and the URI format uses the slug, of the
 * first free `<slug>-<n>` (`gaveUp` after MAX_URI_TRIES, with the last URI tried).
 */
async function freeUri(
  slug: string | null,
  slugged: boolean,
  uriOf: (slug: string | null) => string | null,
  taken: (uri: string) => Promise<boolean> | boolean,
): Promise<{ uri: string | null; slug: string | null; gaveUp: boolean }> {
  let uri = uriOf(slug);
  if (uri === null || slug === null || !slugged) return { uri, slug, gaveUp: false };
  const base = slug;
  for (let n = 1; await taken(uri!); n++) {
    if (n > MAX_URI_TRIES) return { uri, slug, gaveUp: true };
    slug = `${base}-${n}`;
    uri = uriOf(slug);
  }
  return { uri, slug, gaveUp: false };
}

/** What a site's title is made of: the inputs, first given first, and what a format reads. */
interface TitleSources {
  /** The site's input, the element's input, the site row's title before. */
  readonly given: readonly (string | null | undefined)[];
  /** The element's title from any site's input. */
  readonly elementTitle: string | null | undefined;
  readonly fields: Record<string, unknown>;
  readonly slug: string | null;
}

/** A site row's title by the spec's title mode; `titleMissing` when a required one is empty. */
function siteTitle(
  spec: SaveSpec,
  { given: [site, element, previous], elementTitle, fields, slug }: TitleSources,
): { title: string | null; titleMissing: boolean } {
  switch (spec.title.mode) {
    case 'required': {
      const title = pick(site, element, previous, elementTitle) ?? null;
      return { title, titleMissing: title === null || title.trim() === '' };
    }
    case 'optional':
      return { title: pick(site, element, previous) ?? spec.title.fallback, titleMissing: false };
    case 'fixed':
      return { title: spec.title.value, titleMissing: false };
    case 'format':
      return { title: renderTitle(spec.title.format, fields, slug), titleMissing: false };
    case 'none':
      return { title: null, titleMissing: false };
  }
}

/** The default values of the layout's plain fields (a new site row starts from them). */
function defaultValues(spec: SaveSpec): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const field of spec.layout) {
    const value =
      isRelationField(field) || holdsNestedElements(field.type)
        ? undefined
        : defaultFieldValue(field);
    if (value !== undefined) defaults[field.handle] = value;
  }
  return defaults;
}

/** An entry type's title format: `{fieldHandle}` and `{slug}` tokens; empty: the slug. */
function renderTitle(
  format: string,
  fields: Readonly<Record<string, unknown>>,
  slug: string | null,
): string | null {
  if (format.trim() === '') return slug;
  return format.replace(/\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*\}/g, (_whole, name: string) => {
    const value = name === 'slug' ? slug : fields[name];
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return Array.isArray(value) ? value.join(', ') : '';
  });
}
