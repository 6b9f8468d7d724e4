import { join, resolve } from 'node:path';
import type { FieldType } from '../field-types';
import {
  contentBlockTypes,
  entryTypeBlockTypes,
  type FieldEntry,
  registerBlockTypes,
} from './block-types.resolver';
import { HandleTable, type Registered, UidRegistry } from './item-registry';
import { at, placeOf, type ModelProblems } from './problems';
import type {
  NormalisedBlockType,
  NormalisedField,
  NormalisedItem,
  NormalisedModel,
  NormalisedSection,
  NormalisedSiteSettings,
} from '../normalised-model';
import type {
  ParsedBlockType,
  ParsedEntryType,
  ParsedField,
  ParsedItem,
  ParsedModel,
  ParsedSiteSettings,
} from './parsed-model';
import { reservedHandleReason } from './reserved-handles';
import type { Located } from './yaml-map';
import { suggestion } from './did-you-mean';
import { type ElementKind, ElementKinds } from '../element-kinds';
import { normaliseScope, type ScopeCatalog } from '../scope-normaliser';
import { transformSettings } from '../content-model';

export interface ResolveOptions {
  /** Where volumes without a `path` keep their files: `<volumesDir>/<handle>`. */
  readonly volumesDir: string;
  /** Relative volume paths are resolved against this directory (the process' working directory). */
  readonly cwd: string;
}

/**
 * The cross-file checks and resolution: unique handles and uids, exactly one primary site,
 * every reference (layouts, relation sources, section sites, scopes) to an existing item, at most
 * one public GraphQL schema; then the normalised model with uids. Problems go to `problems` (in
 * the order the model's parts are read); the returned model is only meaningful when there are
 * none.
 */
export function resolveModel(
  parsed: ParsedModel,
  options: ResolveOptions,
  problems: ModelProblems,
): NormalisedModel {
  const t = modelTables(parsed, problems);
  const sourceTables: Record<string, HandleTable<ParsedItem>> = {
    entries: t.sections,
    assets: t.volumes,
    categories: t.categoryGroups,
    tags: t.tagGroups,
    users: t.userGroups,
  };
  const normaliseField = (field: Registered<ParsedField>, blockTypes: NormalisedBlockType[]) =>
    fieldOf(field, blockTypes, (type, refs) => sourceTables[type]?.resolve(refs, problems) ?? []);
  const sections = sectionsOf(t, problems);
  const catalog = catalogOf(t, sections);
  checkPublicSchema(t.schemas, problems);

  return {
    sites: t.sites.all.map(({ item: site, uid }) => ({
      ...itemOf(site, uid),
      language: site.language,
      primary: site.primary,
      baseUrl: site.baseUrl,
    })),
    fields: t.fieldEntries.map(({ field, blockTypes }) =>
      normaliseField(
        field,
        blockTypes.map(({ blockType, fields: blockFields }) => ({
          ...itemOf(blockType.item, blockType.uid),
          fields: blockFields.all.map((blockField) => normaliseField(blockField, [])),
          ...(t.sharedBlockTypes.has(blockType.item) && { shared: true as const }),
        })),
      ),
    ),
    sections,
    volumes: volumesOf(t, options, problems),
    categoryGroups: t.categoryGroups.all.map(({ item: group, uid }) => ({
      ...itemOf(group, uid),
      maxLevels: group.maxLevels,
      siteSettings: siteSettingsOf(t.sites, group.sites, group, problems),
      fields: t.fields.resolve(group.fields, problems),
    })),
    tagGroups: t.tagGroups.all.map(({ item: group, uid }) => ({
      ...itemOf(group, uid),
      fields: t.fields.resolve(group.fields, problems),
    })),
    globalSets: t.globalSets.all.map(({ item: set, uid }) => ({
      ...itemOf(set, uid),
      fields: t.fields.resolve(set.fields, problems),
    })),
    userGroups: t.userGroups.all.map(({ item: group, uid }) => itemOf(group, uid)),
    userFields: t.fields.resolve(parsed.userFields, problems),
    imageTransforms: t.transforms.all.map(({ item: transform, uid }) => ({
      ...itemOf(transform, uid),
      ...transformSettings(transform),
    })),
    schemas: t.schemas.all.map(({ item: schema, uid }) => ({
      ...itemOf(schema, uid),
      isPublic: schema.isPublic,
      scope: normaliseScope(schema.scope, catalog, problems),
      enabled: schema.enabled,
      expiryDate: schema.expiryDate?.toISOString() ?? null,
    })),
  };
}

type ModelTables = ReturnType<typeof modelTables>;

/** Every part of the model in a handle table with its uids, and the checks across parts. */
function modelTables(parsed: ParsedModel, problems: ModelProblems) {
  const uids = new UidRegistry(problems);
  const table = <T extends ParsedItem>(items: readonly T[], label: string, kind: string) =>
    new HandleTable(items, label, problems, (item) => uids.claim(item, label, kind, item.handle));

  const sites = table(parsed.sites, 'site', 'site');
  checkPrimarySite(sites, problems);
  const userGroups = table(parsed.userGroups, 'user group', 'userGroup');
  const fields = table(parsed.fields, 'field', 'field');
  const kinds = layoutKinds(parsed);
  checkReservedHandles(parsed.fields, (handle) => kinds.get(handle) ?? [], problems);
  const globalEntryTypes = table(parsed.entryTypes, 'entry type', 'entryType');
  const sharedBlockTypes = new WeakSet<ParsedBlockType>();
  const fieldEntries = fields.all.map((field) =>
    registerBlockTypes(
      field,
      [
        ...field.item.blockTypes,
        ...entryTypeBlockTypes(field.item, globalEntryTypes, fields, sharedBlockTypes, problems),
        ...contentBlockTypes(field.item, fields, problems),
      ],
      uids,
      problems,
    ),
  );
  const sections = table(parsed.sections, 'section', 'section');
  // A global type's layout is resolved (and its problems reported) once, not once per section.
  const globalLayouts = new Map(
    globalEntryTypes.all.map(({ item }) => [item.handle, fields.resolve(item.fields, problems)]),
  );
  const shared = new WeakSet<ParsedEntryType>();
  const entryTypes = new Map(
    sections.all.map(({ item: section }) => [
      section.handle,
      new HandleTable(
        sectionEntryTypes(section.entryTypes, globalEntryTypes, shared, problems),
        'entry type',
        problems,
        // A global type in a section gets the uid it would have written in the section, so
        // moving a model from Craft 4's form to Craft 5's keeps every entry's type.
        (entryType: ParsedEntryType) =>
          uids.claim(entryType, 'entry type', 'entryType', `${section.handle}.${entryType.handle}`),
      ),
    ]),
  );
  const volumes = table(parsed.volumes, 'volume', 'volume');
  const categoryGroups = table(parsed.categoryGroups, 'category group', 'categoryGroup');
  const tagGroups = table(parsed.tagGroups, 'tag group', 'tagGroup');
  const globalSets = table(parsed.globalSets, 'global set', 'globalSet');
  const transforms = table(parsed.imageTransforms, 'image transform', 'imageTransform');
  const schemas = table(parsed.schemas, 'GraphQL schema', 'graphqlSchema');
  checkTypeNames(sections, entryTypes, fieldEntries, problems);
  return {
    sites,
    userGroups,
    fields,
    fieldEntries,
    sharedBlockTypes,
    sections,
    entryTypes,
    globalLayouts,
    shared,
    volumes,
    categoryGroups,
    tagGroups,
    globalSets,
    transforms,
    schemas,
  };
}

function sectionsOf(t: ModelTables, problems: ModelProblems): NormalisedSection[] {
  return t.sections.all.map(({ item: section, uid }) => ({
    ...itemOf(section, uid),
    type: section.type,
    maxLevels: section.maxLevels,
    ...(section.uriParentPrefix && { uriParentPrefix: true as const }),
    propagation: section.propagation,
    siteSettings: siteSettingsOf(t.sites, section.sites, section, problems),
    entryTypes: (t.entryTypes.get(section.handle)?.all ?? []).map(
      ({ item: entryType, uid: typeUid }) => ({
        ...itemOf(entryType, typeUid),
        hasTitleField: entryType.hasTitleField,
        titleFormat: entryType.titleFormat,
        ...(t.shared.has(entryType)
          ? { fields: t.globalLayouts.get(entryType.handle) ?? [], shared: true as const }
          : { fields: t.fields.resolve(entryType.fields, problems) }),
      }),
    ),
  }));
}

/** A section's or category group's sites: each site's own settings, else the item's. */
function siteSettingsOf(
  sites: ModelTables['sites'],
  list: readonly ParsedSiteSettings[] | undefined,
  defaults: { readonly uriFormat: string; readonly enabledByDefault: boolean },
  problems: ModelProblems,
): NormalisedSiteSettings[] {
  const { uriFormat, enabledByDefault } = defaults;
  if (list === undefined) {
    return sites.all.map((site) => ({ siteUid: site.uid, uriFormat, enabledByDefault }));
  }
  return sites
    .resolve(
      list.map((entry) => entry.site),
      problems,
    )
    .map((siteUid) => {
      const entry = list.find((e) => sites.get(e.site.value)?.uid === siteUid);
      return {
        siteUid,
        uriFormat: entry?.uriFormat ?? uriFormat,
        enabledByDefault: entry?.enabledByDefault ?? enabledByDefault,
      };
    });
}

/** Handles and uids of what a schema's scope may name. */
function catalogOf(t: ModelTables, sections: readonly NormalisedSection[]): ScopeCatalog {
  return {
    sites: handlesAndUids(t.sites),
    sections: sections.map((s) => ({
      handle: s.handle,
      uid: s.uid,
      entryTypes: s.entryTypes.map((type) => ({ handle: type.handle, uid: type.uid })),
    })),
    volumes: handlesAndUids(t.volumes),
    globalSets: handlesAndUids(t.globalSets),
    userGroups: handlesAndUids(t.userGroups),
    categoryGroups: handlesAndUids(t.categoryGroups),
    tagGroups: handlesAndUids(t.tagGroups),
  };
}

function volumesOf(
  t: ModelTables,
  options: ResolveOptions,
  problems: ModelProblems,
): NormalisedModel['volumes'] {
  const volumePaths = new Map<string, string>();
  return t.volumes.all.map(({ item: volume, uid }) => {
    // Relative paths are relative to the working directory, like every other path setting.
    const path = resolve(options.cwd, volume.path ?? join(options.volumesDir, volume.handle));
    const other = volumePaths.get(path);
    if (other) problems.add(volume.where, `path ${path} is also the path of volume "${other}"`);
    volumePaths.set(path, volume.handle);
    return {
      ...itemOf(volume, uid),
      path,
      baseUrl: volume.baseUrl ?? `/volumes/${volume.handle}`,
      fields: t.fields.resolve(volume.fields, problems),
      ...(volume.allowedFileExtensions !== undefined && {
        allowedFileExtensions: volume.allowedFileExtensions,
      }),
    };
  });
}

function itemOf(item: ParsedItem, uid: string): NormalisedItem {
  return { uid, handle: item.handle, name: item.name };
}

function handlesAndUids(table: HandleTable<ParsedItem>): { handle: string; uid: string }[] {
  return table.all.map(({ item, uid }) => ({ handle: item.handle, uid }));
}

function fieldOf(
  { item: field, uid }: Registered<ParsedField>,
  blockTypes: NormalisedBlockType[],
  sources: (type: FieldType, refs: ParsedField['sources']) => string[],
): NormalisedField {
  return {
    ...itemOf(field, uid),
    type: field.type,
    translatable: field.translatable,
    instructions: field.instructions,
    options: field.options,
    sources: sources(field.type, field.sources),
    limit: field.limit,
    decimals: field.decimals,
    ...(field.currency !== undefined && { currency: field.currency }),
    ...(field.range !== undefined && { range: field.range }),
    ...(field.link !== undefined && {
      linkTypes: field.link.types,
      fullGraphqlData: field.link.fullGraphqlData,
    }),
    columns: field.columns,
    blockTypes,
  };
}

/**
 * The element kinds whose field layouts use each field handle: a handle is reserved per element
 * type (a global set may have an `email` field, a user may not).
 */
function layoutKinds(parsed: ParsedModel): Map<string, Set<ElementKind>> {
  const kinds = new Map<string, Set<ElementKind>>();
  const add = (kind: ElementKind, layout: readonly Located<string>[]) => {
    for (const { value } of layout) {
      let set = kinds.get(value);
      if (set === undefined) kinds.set(value, (set = new Set()));
      set.add(kind);
    }
  };
  for (const entryType of parsed.entryTypes) add(ElementKinds.entry, entryType.fields);
  for (const section of parsed.sections) {
    for (const entryType of section.entryTypes) {
      if (!('value' in entryType)) add(ElementKinds.entry, entryType.fields);
    }
  }
  for (const volume of parsed.volumes) add(ElementKinds.asset, volume.fields);
  for (const group of parsed.categoryGroups) add(ElementKinds.category, group.fields);
  for (const group of parsed.tagGroups) add(ElementKinds.tag, group.fields);
  for (const set of parsed.globalSets) add(ElementKinds.globalSet, set.fields);
  add(ElementKinds.user, parsed.userFields);
  return kinds;
}

/**
 * Custom field handles may not shadow the own fields of the element types whose layouts use them
 * (block types' fields: the block's own).
 */
function checkReservedHandles(
  fields: readonly ParsedField[],
  kindsOf: (handle: string) => Iterable<ElementKind>,
  problems: ModelProblems,
): void {
  for (const field of fields) {
    const reason = reservedHandleReason(field.handle, kindsOf(field.handle));
    if (reason !== undefined) {
      problems.add(
        at(field.where, 'handle'),
        `"${field.handle}" is reserved (${reason}); choose another handle`,
      );
    }
    for (const blockType of field.blockTypes) {
      checkReservedHandles(blockType.fields, () => [ElementKinds.matrixBlock], problems);
    }
  }
}

/**
 * A section's entry types: those written in it, and global ones (Craft 5) listed by handle as
 * copies placed at the reference (their uids are the section's; `shared` marks them).
 */
function sectionEntryTypes(
  list: readonly (ParsedEntryType | Located<string>)[],
  globals: HandleTable<ParsedEntryType>,
  shared: WeakSet<ParsedEntryType>,
  problems: ModelProblems,
): ParsedEntryType[] {
  const types: ParsedEntryType[] = [];
  for (const entry of list) {
    if (!('value' in entry)) {
      types.push(entry);
      continue;
    }
    const global = globals.get(entry.value);
    if (global === undefined) {
      problems.add(
        entry.where,
        `unknown entry type "${entry.value}"${suggestion(entry.value, globals.handles)}`,
      );
      continue;
    }
    const copy = { ...global.item, where: entry.where, uid: undefined };
    shared.add(copy);
    types.push(copy);
  }
  return types;
}

function checkPrimarySite(
  sites: HandleTable<ParsedItem & { primary: boolean }>,
  problems: ModelProblems,
): void {
  if (sites.all.length === 0) {
    problems.addGeneral(
      'sites: no site is declared; at least one site (the primary one) is required',
    );
    return;
  }
  const primaries = sites.all.filter(({ item }) => item.primary);
  if (primaries.length === 0) {
    problems.addGeneral('sites: no site is primary; exactly one site must have "primary: true"');
  }
  for (const extra of primaries.slice(1)) {
    problems.add(
      at(extra.item.where, 'primary'),
      `only one site can be primary; "${primaries[0].item.handle}" (${placeOf(primaries[0].item.where)}) already is`,
    );
  }
}

function checkPublicSchema(
  schemas: HandleTable<ParsedItem & { isPublic: boolean }>,
  problems: ModelProblems,
): void {
  const publics = schemas.all.filter(({ item }) => item.isPublic);
  for (const extra of publics.slice(1)) {
    problems.add(
      at(extra.item.where, 'public'),
      `only one GraphQL schema can be public; "${publics[0].item.handle}" (${placeOf(publics[0].item.where)}) already is`,
    );
  }
}

/**
 * Handles may contain `_`, so two different pairs can give one GraphQL type name
 * (`a_b` + `c` and `a` + `b_c` both give `a_b_c_Entry`): report the second.
 */
function checkTypeNames(
  sections: HandleTable<ParsedItem>,
  entryTypes: Map<string, HandleTable<ParsedEntryType>>,
  fields: readonly FieldEntry[],
  problems: ModelProblems,
): void {
  const names = new Map<string, ParsedItem>();
  const claim = (name: string, item: ParsedItem) => {
    const other = names.get(name);
    if (other) {
      problems.add(
        item.where,
        `gives the GraphQL type name ${name}, as ${placeOf(other.where)} does`,
      );
    } else names.set(name, item);
  };
  for (const { item: section } of sections.all) {
    for (const { item: entryType } of entryTypes.get(section.handle)?.all ?? []) {
      claim(`${section.handle}_${entryType.handle}_Entry`, entryType);
    }
  }
  for (const { field, blockTypes } of fields) {
    for (const { blockType } of blockTypes) {
      claim(`${field.item.handle}_${blockType.item.handle}_BlockType`, blockType.item);
    }
  }
}
