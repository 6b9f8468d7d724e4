import { createHash } from 'node:crypto';
import {
  transformSettings,
  type ContentModel,
  type Field,
  type MatrixBlockType,
  type SectionSiteSettings,
} from '../content-model';
import type { NormalisedField, NormalisedModel, NormalisedSiteSettings } from '../normalised-model';

/** sha256 of the normalised model: the same YAML (and volume directory) gives the same version. */
export function modelVersion(model: NormalisedModel): string {
  return createHash('sha256').update(JSON.stringify(model)).digest('hex');
}

/**
 * The ContentModel of a normalised model, with the database ids of its items (`ids`: uid → id).
 * Layouts share the global Field objects; the result is deeply frozen.
 */
// eslint-disable-next-line max-lines-per-function -- a mapping table: one entry per kind of model item, each built from its normalised form
export function buildContentModel(
  model: NormalisedModel,
  ids: ReadonlyMap<string, number>,
  version = modelVersion(model),
): ContentModel {
  const idOf = (uid: string): number => {
    const id = ids.get(uid);
    if (id === undefined) throw new Error(`content model item ${uid} has no database id`);
    return id;
  };
  const item = (source: { uid: string; handle: string; name: string }) => ({
    id: idOf(source.uid),
    uid: source.uid,
    handle: source.handle,
    name: source.name,
  });
  const field = (source: NormalisedField, blockTypes: MatrixBlockType[]): Field => ({
    ...item(source),
    type: source.type,
    translatable: source.translatable,
    instructions: source.instructions,
    options: source.options.map((option) => ({ ...option })),
    sources: source.sources.map(idOf),
    limit: source.limit,
    decimals: source.decimals,
    ...(source.currency !== undefined && { currency: source.currency }),
    ...(source.range !== undefined && { range: { ...source.range } }),
    ...(source.linkTypes !== undefined && { linkTypes: [...source.linkTypes] }),
    ...(source.fullGraphqlData !== undefined && { fullGraphqlData: source.fullGraphqlData }),
    columns: source.columns.map((column) => ({ ...column })),
    blockTypes,
  });
  const fields = model.fields.map((source) =>
    field(
      source,
      source.blockTypes.map((blockType) => ({
        ...item(blockType),
        fields: blockType.fields.map((blockField) => field(blockField, [])),
        ...(blockType.shared === true && { shared: true }),
      })),
    ),
  );
  const byUid = new Map(fields.map((f) => [f.uid, f]));
  const layout = (uids: readonly string[]): Field[] =>
    uids.map((uid) => {
      const found = byUid.get(uid);
      if (!found) throw new Error(`layout field ${uid} is not a global field`);
      return found;
    });
  const siteSettings = (settings: readonly NormalisedSiteSettings[]): SectionSiteSettings[] =>
    settings.map((s) => ({
      siteId: idOf(s.siteUid),
      uriFormat: s.uriFormat,
      enabledByDefault: s.enabledByDefault,
    }));

  const content: ContentModel = {
    version,
    sites: model.sites.map((site) => ({
      ...item(site),
      language: site.language,
      primary: site.primary,
      baseUrl: site.baseUrl,
    })),
    fields,
    sections: model.sections.map((section) => {
      const sectionId = idOf(section.uid);
      return {
        ...item(section),
        type: section.type,
        maxLevels: section.maxLevels,
        siteSettings: siteSettings(section.siteSettings),
        propagation: section.propagation,
        ...(section.uriParentPrefix === true && { uriParentPrefix: true }),
        entryTypes: section.entryTypes.map((entryType) => ({
          ...item(entryType),
          sectionId,
          hasTitleField: entryType.hasTitleField,
          titleFormat: entryType.titleFormat,
          fields: layout(entryType.fields),
          ...(entryType.shared === true && { shared: true }),
        })),
      };
    }),
    volumes: model.volumes.map((volume) => ({
      ...item(volume),
      path: volume.path,
      baseUrl: volume.baseUrl,
      fields: layout(volume.fields),
      ...(volume.allowedFileExtensions !== undefined && {
        allowedFileExtensions: [...volume.allowedFileExtensions],
      }),
    })),
    categoryGroups: model.categoryGroups.map((group) => ({
      ...item(group),
      maxLevels: group.maxLevels,
      siteSettings: siteSettings(group.siteSettings),
      fields: layout(group.fields),
    })),
    tagGroups: model.tagGroups.map((group) => ({ ...item(group), fields: layout(group.fields) })),
    globalSets: model.globalSets.map((set) => ({ ...item(set), fields: layout(set.fields) })),
    userGroups: model.userGroups.map(item),
    userFields: layout(model.userFields),
    imageTransforms: model.imageTransforms.map((transform) => ({
      ...item(transform),
      ...transformSettings(transform),
    })),
    schemas: model.schemas.map((schema) => ({
      ...item(schema),
      isPublic: schema.isPublic,
      scope: [...schema.scope],
      enabled: schema.enabled,
      expiryDate: schema.expiryDate === null ? null : new Date(schema.expiryDate),
    })),
  };
  return deepFreeze(content);
}

/** Freezes the objects and arrays all the way down: consumers share one model. */
function deepFreeze<T>(value: T, seen = new Set<unknown>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  for (const child of Object.values(value)) deepFreeze(child, seen);
  return Object.freeze(value);
}
